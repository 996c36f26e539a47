/** A backup (`hortus backup`) could not be made, or did not come out whole: `message` is one line that says
 * why, or what to do. The CLI prints it and exits 1. */
export class BackupError extends Error {}
