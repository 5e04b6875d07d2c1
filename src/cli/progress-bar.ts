/**
 * A progress bar for long commands: redrawn in place on a terminal, a line per tenth otherwise
 * (logs and pipes keep a readable record without a line per item).
 */
export class ProgressBar {
  private lastTenth = -1;
  private readonly tty: boolean;

  constructor(
    private readonly out: NodeJS.WriteStream = process.stdout,
    private readonly width = 30,
  ) {
    this.tty = Boolean(out.isTTY);
  }

  update(done: number, total: number, label = ''): void {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const filled = Math.round(ratio * this.width);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(this.width - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}% ${done}/${total}${label ? ` ${label}` : ''}`;
    if (this.tty) {
      this.out.write(`\r${line}`);
      return;
    }
    const tenth = Math.floor(ratio * 10);
    if (tenth !== this.lastTenth) {
      this.lastTenth = tenth;
      this.out.write(`${line}\n`);
    }
  }

  /** Ends the bar's line (on a terminal). */
  finish(): void {
    if (this.tty) this.out.write('\n');
  }
}
