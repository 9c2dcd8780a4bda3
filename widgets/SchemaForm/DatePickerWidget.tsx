/**
 * Date input (ui:widget "date"): the user types day/month/year through a mask (DD/MM/YYYY) or picks a day
 * in the calendar. Only a real calendar date is accepted, anything else empties the value. The value is
 * written with `ui:options.format` (default 'YYYY-MM-DD HH:mm:ss'). With an empty value and no
 * `ui:options.autoSelect`, the calendar opens on today's date without setting a value, and the input shows the
 * format (dd/mm/aaaa) as its placeholder: a grey today read like a value (a birth date of today); with
 * autoSelect an empty value becomes today. Parsing and formatting: engine/dates.ts.
 */
import { useEffect, useRef, useState } from 'react';
import { DatePicker, IconButton, Input, InputGroup, parseDate } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_DATE_FORMAT, formatDate, maskDayMonthYear, parseDayMonthYear, parseWithMask, sameDay, toDayMonthYear, today, type DateParts,
} from '../../engine/dates';
import { emptyValueOf } from './empty';
import { CalendarIcon } from './icons';

const isoDay = (p: DateParts) => parseDate(formatDate(p, 'YYYY-MM-DD'));

export function DatePickerWidget(props: WidgetProps) {
  const { id, htmlName, value, schema, options, onChange, onBlur, onFocus, readonly, disabled, autofocus, required } = props;
  const { t, i18n } = useTranslation();
  const format = typeof options.format === 'string' && options.format ? options.format : DEFAULT_DATE_FORMAT;
  const autoSelect = options.autoSelect === true;
  const parts = typeof value === 'string' && value ? parseWithMask(value, format) : null;
  const [text, setText] = useState(parts ? toDayMonthYear(parts) : '');
  const valueRef = useRef(value);
  valueRef.current = value;

  const emit = (p: DateParts | null) => {
    // a retyped day keeps the time the value had
    const next = p ? formatDate({ hour: parts?.hour, minute: parts?.minute, second: parts?.second, ...p }, format) : emptyValueOf(schema, options);
    if (next !== valueRef.current) onChange(next);
  };

  // follow a value set from outside (loaded record, reset); only when the value itself changes
  useEffect(() => {
    setText((shown) => (sameDay(parseDayMonthYear(shown), parts) ? shown : parts ? toDayMonthYear(parts) : shown.length === 10 ? '' : shown));
  }, [value]);

  // autoSelect: once, when the field appears empty
  useEffect(() => {
    if (autoSelect && !parts) emit(today());
  }, []);

  const type = (typed: string) => {
    const masked = maskDayMonthYear(typed);
    setText(masked);
    emit(parseDayMonthYear(masked));
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
              if (!parseDayMonthYear(text)) setText('');
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
