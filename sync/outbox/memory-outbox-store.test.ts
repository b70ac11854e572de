import { MemoryOutboxStore } from './memory-outbox-store.ts';
import { describeOutboxStoreContract } from './outbox-store.contract.ts';

describeOutboxStoreContract('memory', async () => ({ store: new MemoryOutboxStore() }));
