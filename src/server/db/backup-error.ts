/** A backup or restore that cannot go on, with a message written for the operator: the commands
 * print it alone (no stack), the server logs it. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
