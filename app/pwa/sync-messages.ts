/** The Background Sync tag the page registers; the service worker answers it with `REQUEST_SYNC_MESSAGE`. */
export const OUTBOX_SYNC_TAG = 'outbox';
/** Posted by the service worker to every open page: "replay your outbox now". */
export const REQUEST_SYNC_MESSAGE = 'requestSync';
