// @vitest-environment jsdom
// The hours editor (decision 0800): the rows write the text, the text redraws the rows, and the
// checker's parse error shows under the text field, tied to it with aria-describedby.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/hours.json';
import es from '../../locales/es/hours.json';
import { hoursMoment } from '../../../shared/hours-status';
import { describeStatus, weekTable } from '../../../shared/opening-hours';
import OpeningHoursEditor from './opening-hours-editor';
import { hoursStatusText } from './status-text';
import { WeekHours } from './week-hours';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['hours'],
    defaultNS: 'hours',
    resources: { en: { hours: en }, es: { hours: es } },
    interpolation: { escapeValue: false },
  });
});

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

function Harness({ initial = '', seen }: { initial?: string; seen?: string[] }) {
  const [value, setValue] = useState(initial);
  return (
    <OpeningHoursEditor
      idPrefix="test-hours"
      value={value}
      onChange={(text) => {
        seen?.push(text);
        setValue(text);
      }}
    />
  );
}

function renderEditor(initial?: string, seen?: string[]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <Harness initial={initial} seen={seen} />
    </I18nextProvider>,
  );
}

const textField = () => screen.getByRole('textbox', { name: 'Opening hours as text' }) as HTMLInputElement;

describe('OpeningHoursEditor', () => {
  it('rows to text: a Saturday morning market, April to October, closed on holidays', async () => {
    const seen: string[] = [];
    renderEditor('', seen);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    expect(textField().value).toBe('Sa 09:00-17:00');
    fireEvent.change(screen.getByLabelText('Saturday: opens (hours 1)'), { target: { value: '07:00' } });
    fireEvent.change(screen.getByLabelText('Saturday: closes (hours 1)'), { target: { value: '12:00' } });
    fireEvent.change(screen.getByLabelText('Open from'), { target: { value: '4' } });
    fireEvent.change(screen.getByLabelText('Open until'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Closed on public holidays' }));
    expect(textField().value).toBe('Apr-Oct Sa 07:00-12:00; PH off');
    expect(seen.at(-1)).toBe('Apr-Oct Sa 07:00-12:00; PH off');
  });

  it('rows to text with the keyboard only: a second range, then removing it', async () => {
    const user = userEvent.setup();
    renderEditor('Mo 09:00-12:00');
    screen.getByRole('button', { name: 'Add hours on Monday' }).focus();
    await user.keyboard('{Enter}');
    // The new range's first field has the focus and starts where the last one ended.
    const from = screen.getByLabelText('Monday: opens (hours 2)') as HTMLInputElement;
    expect(document.activeElement).toBe(from);
    expect(from.value).toBe('12:00');
    fireEvent.change(from, { target: { value: '13:00' } });
    fireEvent.change(screen.getByLabelText('Monday: closes (hours 2)'), { target: { value: '17:00' } });
    expect(textField().value).toBe('Mo 09:00-12:00,13:00-17:00');
    screen.getByRole('button', { name: 'Remove hours 2 on Monday' }).focus();
    await user.keyboard('{Enter}');
    expect(textField().value).toBe('Mo 09:00-12:00');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add hours on Monday' }));
    screen.getByRole('checkbox', { name: 'Monday' }).focus();
    await user.keyboard(' ');
    expect(textField().value).toBe('');
  });

  it('text to rows, and custom hours left to the text', async () => {
    renderEditor();
    fireEvent.change(textField(), { target: { value: 'Mo-Fr 09:00-17:00; Sa 10:00-14:00' } });
    expect((screen.getByRole('checkbox', { name: 'Monday' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Friday' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Sunday' }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Saturday: opens (hours 1)') as HTMLInputElement).value).toBe('10:00');
    expect((screen.getByLabelText('Saturday: closes (hours 1)') as HTMLInputElement).value).toBe('14:00');

    fireEvent.change(textField(), { target: { value: 'Sa,Su 07:00-15:00; May-Sep We 16:00-19:00' } });
    expect(screen.getByText(/cannot be shown as day rows/)).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Monday' })).toBeNull();
    // The checker accepts it: no error.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(textField().hasAttribute('aria-invalid')).toBe(false);
  });

  it('shows the parse error under the field, tied with aria-describedby', async () => {
    renderEditor();
    fireEvent.change(textField(), { target: { value: 'Mo 10:00-12:00 foo' } });
    const error = await screen.findByText(/The opening hours cannot be read near/);
    expect(textField().getAttribute('aria-invalid')).toBe('true');
    expect(textField().getAttribute('aria-describedby')).toContain(error.id);
    expect(screen.getByText(/cannot be shown as day rows/)).toBeTruthy();
  });

  it('shows warnings and offers the tidy spelling', async () => {
    renderEditor('Sa 8am-1pm');
    const use = await screen.findByRole('button', { name: 'Use Sa 08:00-13:00' });
    expect(screen.getByText(/24 hours notation/)).toBeTruthy();
    fireEvent.click(use);
    expect(textField().value).toBe('Sa 08:00-13:00');
    expect((screen.getByLabelText('Saturday: opens (hours 1)') as HTMLInputElement).value).toBe('08:00');
  });

  it('names the days in Spanish', async () => {
    await i18n.changeLanguage('es');
    renderEditor('Mo 09:00-12:00');
    expect((screen.getByRole('checkbox', { name: 'Lunes' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Añadir horario el Lunes' })).toBeTruthy();
  });
});

describe('status words and the week table', () => {
  const t = i18n.getFixedT('en', 'hours');
  const at = (iso: string) => new Date(iso);

  it('says the card lines of the contract', () => {
    const season = 'Apr-Oct Sa 07:00-12:00; PH off';
    expect(hoursStatusText(describeStatus(season, at('2026-04-04T16:00:00Z'), 'en')!, t)).toBe(
      'Open now · closes 12:00',
    );
    expect(hoursStatusText(describeStatus(season, at('2026-04-06T16:00:00Z'), 'en')!, t)).toBe('Opens Sat 7:00');
    expect(hoursStatusText(describeStatus(season, at('2026-11-02T16:00:00Z'), 'en')!, t)).toBe(
      'Out of season until April',
    );
    expect(
      hoursStatusText(
        { kind: 'opens', at: hoursMoment(at('2026-04-11T12:00:00Z'), 'es') },
        i18n.getFixedT('es', 'hours'),
      ),
    ).toBe('Abre el sáb a las 7:00');
  });

  it('lists the week with today marked and holidays named', () => {
    const now = at('2026-07-01T17:00:00Z');
    const text = 'Mo-Su 08:00-12:00; PH off';
    render(
      <I18nextProvider i18n={i18n}>
        <WeekHours days={weekTable(text, now)} status={describeStatus(text, now, 'en')} />
      </I18nextProvider>,
    );
    expect(screen.getByText('Opens Thu 8:00')).toBeTruthy();
    const rows = screen.getAllByRole('row').map((r) => r.textContent);
    expect(rows[0]).toBe('Wednesday(Today)08:00–12:00');
    expect(rows[2]).toBe('FridayClosed· Public holiday');
  });
});
