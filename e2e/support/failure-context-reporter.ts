import { readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Lines of a failed journey's page snapshot printed at most (the CI log keeps only its tail). */
const MAX_LINES = 40;

/**
 * After the run, for every journey that failed, what its page showed when it failed: the URL and
 * the start of the accessibility snapshot Playwright writes beside the trace (error-context.md).
 * A CI machine's log is all that comes back from it; the traces stay there.
 */
export default class FailureContextReporter implements Reporter {
  private readonly failed: { title: string; duration: number; context: string | null }[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const attachment = result.attachments.find((a) => a.name === 'error-context' && a.path);
    let context: string | null = null;
    try {
      context = attachment?.path ? readFileSync(attachment.path, 'utf8') : null;
    } catch {
      context = null;
    }
    this.failed.push({ title: test.titlePath().filter(Boolean).join(' › '), duration: result.duration, context });
  }

  onEnd(_result: FullResult): void {
    for (const { title, duration, context } of this.failed) {
      console.log(`\n── what the page showed: ${title} (${(duration / 1000).toFixed(1)} s)`);
      if (!context) {
        console.log('   (no page snapshot)');
        continue;
      }
      // the accessibility snapshot only: the file's error details repeat what the list printed
      const snapshot = /```yaml\n([\s\S]*?)```/.exec(context)?.[1] ?? context;
      const lines = snapshot.split('\n').filter((line) => line.trim() !== '');
      console.log(lines.slice(0, MAX_LINES).join('\n'));
      if (lines.length > MAX_LINES) console.log(`   … ${lines.length - MAX_LINES} more lines`);
    }
  }
}
