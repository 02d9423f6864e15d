// A place's languages typed as names or codes ("Spanish, vi"): the form holds codes (a known name
// becomes its code, anything else stays for the schema to refuse). The text box keeps what was
// typed, refilled from the codes only when the form is reset from elsewhere.
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldError as HookFieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatLanguagesText, parseLanguagesText } from '../../../shared/language-names';
import { ELIGIBILITY_NOTE_MAX, LANGUAGES_MAX } from '../../../shared/place-attributes';
import { FieldError, Input, Label } from '../../components/ui/form-controls';
import type { FieldProps } from './form-fields';

/** The shared schema's messages, in the interface language. */
const ERROR_KEYS: Record<string, string> = {
  'Languages must be language codes such as en, es or vi': 'errors.languages',
  [`At most ${LANGUAGES_MAX} languages`]: 'errors.languagesMax',
  [`The eligibility note must be at most ${ELIGIBILITY_NOTE_MAX} characters`]: 'errors.noteMax',
};

/** The first message of a field's error (an array's items included), translated when known. */
export function attributeErrorText(error: unknown, t: TFunction): string | undefined {
  const first = (Array.isArray(error) ? error.find(Boolean) : error) as HookFieldError | undefined;
  const raw = typeof first?.message === 'string' ? first.message : undefined;
  if (!raw) return undefined;
  return ERROR_KEYS[raw]
    ? t(ERROR_KEYS[raw], { max: raw.includes('note') ? ELIGIBILITY_NOTE_MAX : LANGUAGES_MAX })
    : raw;
}

const same = (a: readonly string[] | null | undefined, b: readonly string[] | null | undefined) =>
  (a ?? []).join(',') === (b ?? []).join(',');

export function LanguagesField({ form, idPrefix = 'location' }: FieldProps) {
  const { t, i18n } = useTranslation('attributes');
  const id = `${idPrefix}-attributes-languages`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const message = attributeErrorText(form.formState.errors.attributes?.languages, t);
  return (
    <Controller
      control={form.control}
      name="attributes.languages"
      render={({ field }) => (
        <LanguagesInput
          id={id}
          codes={field.value}
          locale={i18n.language}
          label={t('fields.languages')}
          hint={t('hints.languages')}
          hintId={hintId}
          errorId={errorId}
          message={message}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onCodes={(codes) => field.onChange(codes.length ? codes : null)}
        />
      )}
    />
  );
}

interface LanguagesInputProps {
  id: string;
  codes: readonly string[] | null | undefined;
  locale: string;
  label: string;
  hint: string;
  hintId: string;
  errorId: string;
  message: string | undefined;
  inputRef(element: HTMLInputElement | null): void;
  onBlur(): void;
  onCodes(codes: string[]): void;
}

function LanguagesInput({ id, codes, locale, label, hint, hintId, errorId, message, ...on }: LanguagesInputProps) {
  const [text, setText] = useState(() => formatLanguagesText(codes, locale));
  // The place's own codes are recognised by name too, even if not among the common languages.
  const [ownCodes] = useState(() => [...(codes ?? [])]);
  // The codes this text last gave: a change that did not come from it (a reset) refills the box.
  const fromText = useRef<readonly string[] | null | undefined>(codes);
  useEffect(() => {
    if (!same(codes, fromText.current)) {
      fromText.current = codes;
      setText(formatLanguagesText(codes, locale));
    }
  }, [codes, locale]);
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name="attributes.languages"
        ref={on.inputRef}
        value={text}
        autoComplete="off"
        aria-invalid={message ? true : undefined}
        aria-describedby={[hintId, message ? errorId : ''].filter(Boolean).join(' ')}
        onBlur={on.onBlur}
        onChange={(e) => {
          setText(e.target.value);
          const parsed = parseLanguagesText(e.target.value, [locale], ownCodes);
          fromText.current = parsed.length ? parsed : null;
          on.onCodes(parsed);
        }}
      />
      <p id={hintId} className="mt-1 text-xs text-gray-700">
        {hint}
      </p>
      <FieldError id={errorId} message={message} />
    </div>
  );
}
