import { PartyDetailPage, PartyFormPage, PartyListPage } from '#app/ui/office/party-pages.tsx';
import { contratistasParty } from './contratistas-party.ts';

export const ContratistasListPage = () => <PartyListPage module={contratistasParty} />;
export const ContratistaDetailPage = () => <PartyDetailPage module={contratistasParty} />;
export const ContratistaFormPage = () => <PartyFormPage module={contratistasParty} />;
