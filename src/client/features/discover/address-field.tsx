// The filter panel's address box with "Use my location" on its label's line (decision 0905) and
// what became of the position asked for: locating, or why it could not be had.
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../components/ui/form-controls';
import { PARAM } from './filters';
import type { LocateFailure } from './near-me';
import { NearMeButton } from './near-me-control';

const FAILURE_ID = 'discover-near-me-message';

export function AddressField({
  inputRef,
  draft,
  setDraft,
  onCommit,
  locating,
  failure,
  onUseLocation,
}: {
  inputRef: Ref<HTMLInputElement>;
  draft: string;
  setDraft(value: string): void;
  /** The box was left: the address becomes the filter. */
  onCommit(): void;
  locating: boolean;
  failure: LocateFailure | null;
  onUseLocation(): void;
}) {
  const { t } = useTranslation('discover');
  return (
    <div>
      {/* "Use my location" beside the address (decision 0905), on the label's line: the
          row keeps its height, so the address and the radius stay side by side. */}
      <div className="mb-1 flex flex-wrap items-center justify-between gap-x-2">
        <label htmlFor="discover-address" className="block text-sm font-medium text-gray-900">
          {t('filters.addressLabel')}
        </label>
        <NearMeButton locating={locating} statusId={`${FAILURE_ID}-status`} onUse={onUseLocation} />
      </div>
      <Input
        ref={inputRef}
        id="discover-address"
        name={PARAM.address}
        value={draft}
        maxLength={500}
        autoComplete="street-address"
        placeholder={t('filters.addressPlaceholder')}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={onCommit}
        aria-describedby={failure ? FAILURE_ID : undefined}
      />
      <p id={`${FAILURE_ID}-status`} role="status" className="text-sm text-gray-700 empty:hidden">
        {locating ? t('nearMe.locating') : ''}
      </p>
      {failure && (
        <p id={FAILURE_ID} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {t(`nearMe.${failure}`)}
        </p>
      )}
    </div>
  );
}
