// A vitest reporter for `npm test`: names every test that failed first and passed on its retry
// (CI runs the API and page suites with one retry), one line per test in the file RETRIED_OUT,
// so the closing summary says which tests are flaky instead of hiding them.
import { appendFileSync } from 'node:fs';
import path from 'node:path';

export default class RetriedReporter {
  onTestCaseResult(testCase) {
    const out = process.env.RETRIED_OUT;
    const d = testCase.diagnostic();
    if (!out || !d || d.retryCount === 0 || testCase.result().state !== 'passed') return;
    const file = path.relative(process.cwd(), testCase.module.moduleId);
    appendFileSync(out, `${testCase.project.name}: ${file} > ${testCase.fullName} (passed on retry ${d.retryCount})\n`);
  }
}
