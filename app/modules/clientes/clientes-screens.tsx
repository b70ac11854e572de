import { PartyDetailPage, PartyFormPage, PartyListPage } from '#app/ui/office/party-pages.tsx';
import { clientesParty } from './clientes-party.ts';

export const ClientesListPage = () => <PartyListPage module={clientesParty} />;
export const ClienteDetailPage = () => <PartyDetailPage module={clientesParty} />;
export const ClienteFormPage = () => <PartyFormPage module={clientesParty} />;
