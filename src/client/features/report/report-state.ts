// The Report dialog's state as one reducer: every step, capture and pick moves it by a named
// action, so what resets on close, on cancel and after a capture is written once.
import type { FlagType } from '../../../shared/constants';

export interface ReportState {
  step: 'select-type' | 'review';
  flagType: FlagType | null;
  /** The "other" type's description (first step). */
  description: string;
  /** Notes added on the review step. */
  notes: string;
  /** The PNG data URL of the capture, or null until it is taken. */
  screenshot: string | null;
  /** The picked element's tag name and text preview (wide screens). */
  selectedTag: string | null;
  selectedText: string | null;
  /** The dialog is hidden while the person picks the problem area. */
  picking: boolean;
  /** A phone: the whole page was captured, no element was picked. */
  mobileMode: boolean;
  capturing: boolean;
}

export type ReportAction =
  | { type: 'reset' }
  | { type: 'chooseType'; flagType: FlagType }
  | { type: 'describe'; text: string }
  | { type: 'note'; text: string }
  /** Continue: to the review; a phone captures the page at once, a wide screen picks first. */
  | { type: 'review'; phone: boolean }
  | { type: 'captureStarted' }
  | { type: 'captured'; screenshot: string }
  | { type: 'picked'; tag: string; text: string }
  | { type: 'pickDone' }
  | { type: 'pickCancelled' };

export const initialReportState: ReportState = {
  step: 'select-type',
  flagType: null,
  description: '',
  notes: '',
  screenshot: null,
  selectedTag: null,
  selectedText: null,
  picking: false,
  mobileMode: false,
  capturing: false,
};

export function reportReducer(state: ReportState, action: ReportAction): ReportState {
  switch (action.type) {
    case 'reset':
      return initialReportState;
    case 'chooseType':
      return { ...state, flagType: action.flagType };
    case 'describe':
      return { ...state, description: action.text };
    case 'note':
      return { ...state, notes: action.text };
    case 'review':
      return { ...state, step: 'review', mobileMode: action.phone, picking: !action.phone };
    case 'captureStarted':
      return { ...state, capturing: true };
    case 'captured':
      return { ...state, screenshot: action.screenshot, capturing: false };
    case 'picked':
      return { ...state, selectedTag: action.tag, selectedText: action.text };
    case 'pickDone':
      return { ...state, picking: false };
    case 'pickCancelled':
      // Back to the first step with the type and description kept.
      return { ...state, picking: false, capturing: false, step: 'select-type' };
  }
}
