/** Request bodies: 1 MB for every call, so a client cannot make the server buffer and parse tens of megabytes. */
export const defaultBodyLimit = 1024 * 1024;

/**
 * Calls that take a batch (up to 500 orders, each with a CSR, a sealed-to-be private key and up to 250 names; the
 * form encoding of that JSON text is larger still) declare `bodyLimit: batchBodyLimit`.
 */
export const batchBodyLimit = 32 * 1024 * 1024;
