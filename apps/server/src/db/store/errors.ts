/**
 * A refusal or failure around the embedded store that the person at the keyboard can act on: the
 * command line tools and the server print its message alone (no stack) and exit with code 1.
 */
export class StoreError extends Error {}
