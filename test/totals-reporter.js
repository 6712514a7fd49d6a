// Prints the run's totals on a line of their own, "N passed, N failed", for CI to read. The program_id check
// (test/tenancy) runs here, after every test file: it needs the statements of the whole run, and a statement
// that breaks it counts as one more failure (and fails the run).
const fs = require('node:fs');
const { findOffenders, readRecorded } = require('./tenancy/tenancy-check.cjs');

class TotalsReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    let failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const dir = process.env.STATEMENT_LOG_DIR;
    if (dir) {
      const statements = readRecorded(dir);
      const { offenders } = findOffenders(statements);
      if (offenders.length) {
        failed += 1;
        this.error = new Error(`${offenders.length} statement(s) on tenant tables without program_id`);
        process.stdout.write(`\nprogram_id check: ${offenders.length} of ${statements.size} recorded statements touch a tenant table without program_id:\n`);
        for (const o of offenders) process.stdout.write(`  [${o.tables.join(', ')}] ${o.statement}\n`);
      } else {
        process.stdout.write(`\nprogram_id check: every one of ${statements.size} recorded statements that touches a tenant table names its program\n`);
      }
      if (!process.env.KEEP_STATEMENT_LOG) fs.rmSync(dir, { recursive: true, force: true });
    }
    process.stdout.write(`\n${results.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }

  // Jest fails the run when a reporter reports an error.
  getLastError() {
    return this.error;
  }
}
module.exports = TotalsReporter;
