/**
 * Date input (ui:widget "date"): the user types day/month/year through a mask (DD/MM/YYYY) or picks a day
 * in the calendar. Only a real calendar date is a date: other text (31/02/2026, 12/0) stays in the field and is
 * handed on as typed, so the field says "enter a valid date" (on leaving it, or once all of it is typed) and the
 * form does not save it (engine/validation/typedDates.ts), where it used to empty the field and save no date.
 * A date is written with `ui:options.format` (default 'YYYY-MM-DD HH:mm:ss'). With an empty value and no
 * `ui:options.autoSelect`, the calendar opens on today's date without setting a value, and the input shows the
 * format (dd/mm/aaaa) as its placeholder: a grey today read like a value (a birth date of today); with
 * autoSelect an empty value becomes today. Parsing and formatting: engine/dates.ts.
 */
import { useEffect, useRef, useState } from 'react';
import { DatePicker, IconButton, Input, InputGroup, parseDate } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import {
  formatDate, maskDayMonthYear, parseDayMonthYear, parseWithMask, sameDay, toDayMonthYear, today, type DateParts,
} from '../../engine/dates';
import { dateFormatOf } from '../../engine/validation/typedDates';
import { emptyValueOf } from './empty';
import { ownError } from './errorCodes';
import { CalendarIcon } from './icons';

const isoDay = (p: DateParts) => parseDate(formatDate(p, 'YYYY-MM-DD'));
const notADate = ownError('date');

export function DatePickerWidget(props: WidgetProps) {
  const { id, htmlName, value, schema, options, onChange, onBlur, onFocus, readonly, disabled, autofocus, required } = props;
  const { t, i18n } = useTranslation();
  const format = dateFormatOf(options);
  const autoSelect = options.autoSelect === true;
  const parts = typeof value === 'string' && value ? parseWithMask(value, format) : null;
  const [text, setText] = useState(parts ? toDayMonthYear(parts) : typeof value === 'string' ? value : '');
  const valueRef = useRef(value);
  valueRef.current = value;
  const inputRef = useRef<HTMLInputElement>(null);
  const textRef = useRef(text);
  textRef.current = text;

  /** The value of a day, or of the text when it is none; `wrong` says at once that the text is no date. */
  const emit = (p: DateParts | null, typed = '', wrong = false) => {
    // a retyped day keeps the time the value had
    const next = p ? formatDate({ hour: parts?.hour, minute: parts?.minute, second: parts?.second, ...p }, format) : typed || emptyValueOf(schema, options);
    if (next !== valueRef.current || wrong) onChange(next, wrong ? notADate : undefined, id);
  };

  // follow a value set from outside (loaded record, reset); only when the value itself changes
  useEffect(() => {
    setText((shown) => {
      if (value === shown || sameDay(parseDayMonthYear(shown), parts)) return shown;
      return parts ? toDayMonthYear(parts) : typeof value === 'string' ? value : '';
    });
  }, [value]);

  // the picker writes its day's text into the field a frame after its day or language changes (Zag's syncInputElement,
  // none for no day); a typed text that is no date is put back, which React does not do as its state did not change
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const el = inputRef.current;
      if (el && el.value !== textRef.current) el.value = textRef.current;
    });
    return () => cancelAnimationFrame(frame);
  }, [value, i18n.language]);

  // autoSelect: once, when the field appears empty
  useEffect(() => {
    if (autoSelect && !value) emit(today());
  }, []);

  const type = (typed: string) => {
    const masked = maskDayMonthYear(typed);
    setText(masked);
    const p = parseDayMonthYear(masked);
    emit(p, masked, !p && masked.length === 10);
  };

  return (
    <DatePicker.Root
      value={parts ? [isoDay(parts)] : []}
      defaultFocusedValue={isoDay(today())}
      onValueChange={(d) => {
        const day = d.value[0];
        if (!day) return;
        const p = { year: day.year, month: day.month, day: day.day };
        setText(toDayMonthYear(p));
        emit(p);
      }}
      locale={i18n.language}
      // the picker writes the chosen day into the field too: as the app writes days in every language
      // (its English default, mm/dd/yyyy, turned a typed 15/08/1990 into 08/15/1990, then into nothing)
      format={(d) => toDayMonthYear({ year: d.year, month: d.month, day: d.day })}
      parse={(typed) => {
        const p = parseDayMonthYear(typed);
        return p ? isoDay(p) : undefined;
      }}
      translations={{
        dayCell: (cell) => t(cell.selected ? 'form.date.selected' : 'form.date.choose', { day: cell.valueText }),
        trigger: (open) => t(open ? 'form.date.close' : 'form.date.open'),
        viewTrigger: (view, next) => t('form.date.switchView', { view: t(`form.date.view.${next ?? view}`) }),
        prevTrigger: (view) => t(`form.date.previous.${view}`),
        nextTrigger: (view) => t(`form.date.next.${view}`),
        content: t('form.date.calendar'),
        monthSelect: t('form.date.month'),
        yearSelect: t('form.date.year'),
      }}
      startOfWeek={1}
      readOnly={readonly}
      disabled={disabled}
      closeOnSelect
      positioning={{ placement: 'bottom-end' }}
    >
      <DatePicker.Control>
        <InputGroup
          endElement={
            readonly ? undefined : (
              <DatePicker.Trigger asChild>
                <IconButton type="button" variant="ghost" size="xs" me="-1" aria-label={t('form.date.open')} disabled={disabled}>
                  <CalendarIcon />
                </IconButton>
              </DatePicker.Trigger>
            )
          }
        >
          <Input
            ref={inputRef}
            id={id}
            name={htmlName || id}
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            value={text}
            placeholder={t('form.date.placeholder')}
            required={required}
            readOnly={readonly}
            disabled={disabled}
            autoFocus={autofocus}
            onChange={(e) => type(e.target.value)}
            onFocus={() => onFocus(id, value)}
            onBlur={() => {
              // a text left that is no date (half typed too) is kept and named wrong, not emptied
              if (text && !parseDayMonthYear(text)) emit(null, text, true);
              onBlur(id, value);
            }}
          />
        </InputGroup>
      </DatePicker.Control>
      <DatePicker.Positioner>
        <DatePicker.Content>
          <DatePicker.View view="day">
            <DatePicker.Header />
            <DatePicker.DayTable />
          </DatePicker.View>
          <DatePicker.View view="month">
            <DatePicker.Header />
            <DatePicker.MonthTable />
          </DatePicker.View>
          <DatePicker.View view="year">
            <DatePicker.Header />
            <DatePicker.YearTable />
          </DatePicker.View>
        </DatePicker.Content>
      </DatePicker.Positioner>
    </DatePicker.Root>
  );
}
