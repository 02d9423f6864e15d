import { describe, expect, it } from 'vitest';
import { initialReportState, reportReducer, type ReportState } from './report-state';

const run = (...actions: Parameters<typeof reportReducer>[1][]): ReportState =>
  actions.reduce(reportReducer, initialReportState);

describe('the Report dialog state', () => {
  it('on a phone goes to the review capturing the page, without picking', () => {
    const s = run(
      { type: 'chooseType', flagType: 'outdated' },
      { type: 'review', phone: true },
      { type: 'captureStarted' },
    );
    expect(s).toMatchObject({ step: 'review', mobileMode: true, picking: false, capturing: true });
    expect(run({ type: 'review', phone: true }, { type: 'captured', screenshot: 'data:x' })).toMatchObject({
      screenshot: 'data:x',
      capturing: false,
    });
  });

  it('on a wide screen picks first, and a cancelled pick returns to the first step keeping the type', () => {
    const picking = run(
      { type: 'chooseType', flagType: 'other' },
      { type: 'describe', text: 'gone' },
      { type: 'review', phone: false },
    );
    expect(picking).toMatchObject({ step: 'review', picking: true, mobileMode: false });
    const back = reportReducer({ ...picking, capturing: true }, { type: 'pickCancelled' });
    expect(back).toMatchObject({
      step: 'select-type',
      picking: false,
      capturing: false,
      flagType: 'other',
      description: 'gone',
    });
  });

  it('keeps the picked element and ends picking once its capture is in', () => {
    const s = run(
      { type: 'review', phone: false },
      { type: 'picked', tag: 'h1', text: 'Loose Park' },
      { type: 'captureStarted' },
      { type: 'captured', screenshot: 'data:y' },
      { type: 'pickDone' },
    );
    expect(s).toMatchObject({ selectedTag: 'h1', selectedText: 'Loose Park', screenshot: 'data:y', picking: false });
  });

  it('resets everything', () => {
    const s = run({ type: 'chooseType', flagType: 'duplicate' }, { type: 'note', text: 'x' }, { type: 'reset' });
    expect(s).toEqual(initialReportState);
  });
});
