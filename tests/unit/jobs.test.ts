import { describe, expect, it } from 'vitest';
import { RETRY_CAP_SECONDS, collectJobs, retryDelaySeconds, scheduleKey, type JobHandler } from '../../src/platform/jobs';
import { FOUNDATION_JOBS } from '../../src/platform/jobs/foundation';
import { JOBS, SCHEDULES } from '../../src/app/modules';

const noop: JobHandler = { run: async () => undefined };

describe('job retries', () => {
  it('wait twice as long after each failed attempt, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map(retryDelaySeconds)).toEqual([30, 60, 120, 240, 480]);
    expect(retryDelaySeconds(8)).toBe(RETRY_CAP_SECONDS);
    expect(retryDelaySeconds(1000)).toBe(RETRY_CAP_SECONDS);
  });
});

describe('schedule slots', () => {
  it('are the same for every moment of one interval and change at its end', () => {
    const hourly = { name: 'upkeep', everySeconds: 3600 };
    expect(scheduleKey(hourly, 7200)).toBe('schedule:upkeep:2');
    expect(scheduleKey(hourly, 10_799)).toBe('schedule:upkeep:2');
    expect(scheduleKey(hourly, 10_800)).toBe('schedule:upkeep:3');
  });
});

describe('collecting jobs from the manifests', () => {
  it('merges handlers and schedules', () => {
    const { jobs, schedules } = collectJobs([
      { name: 'a', jobs: { 'a-one': noop }, schedules: [{ name: 'a-one', everySeconds: 60 }] },
      { name: 'b', jobs: { 'b-one': noop } },
    ]);
    expect(Object.keys(jobs).sort()).toEqual(['a-one', 'b-one']);
    expect(schedules).toEqual([{ name: 'a-one', everySeconds: 60 }]);
  });

  it('refuses a job name two sources handle, a schedule without a handler, one scheduled twice, and a bad interval', () => {
    expect(() => collectJobs([{ name: 'a', jobs: { same: noop } }, { name: 'b', jobs: { same: noop } }])).toThrow(/handled by both a and b/);
    expect(() => collectJobs([{ name: 'a', schedules: [{ name: 'nobody', everySeconds: 60 }] }])).toThrow(/no module handles/);
    expect(() =>
      collectJobs([{ name: 'a', jobs: { x: noop }, schedules: [{ name: 'x', everySeconds: 60 }, { name: 'x', everySeconds: 30 }] }]),
    ).toThrow(/scheduled twice/);
    expect(() => collectJobs([{ name: 'a', jobs: { x: noop }, schedules: [{ name: 'x', everySeconds: 0.5 }] }])).toThrow(/whole number/);
  });

  it('refuses a handler whose concurrency is not a whole number of at least one, or whose timeout is not positive', () => {
    for (const concurrency of [0, 1.5, -1, Number.NaN]) {
      expect(() => collectJobs([{ name: 'a', jobs: { x: { ...noop, concurrency } } }])).toThrow(/runs .* at a time/);
    }
    for (const timeoutSeconds of [0, -5, Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(() => collectJobs([{ name: 'a', jobs: { x: { ...noop, timeoutSeconds } } }])).toThrow(/times out after/);
    }
    expect(Object.keys(collectJobs([{ name: 'a', jobs: { x: { ...noop, concurrency: 1, timeoutSeconds: 0.5 } } }]).jobs)).toEqual(['x']);
  });

  it("gives the worker the foundation's upkeep with the modules' jobs", () => {
    for (const name of Object.keys(FOUNDATION_JOBS.jobs ?? {})) expect(JOBS[name]).toBe(FOUNDATION_JOBS.jobs?.[name]);
    expect(SCHEDULES.map((s) => s.name)).toEqual(expect.arrayContaining(['sessions-purge-expired', 'login-failures-purge', 'jobs-purge-finished']));
    for (const schedule of SCHEDULES) expect(JOBS[schedule.name]).toBeDefined();
  });
});
