/**
 * A timeline (Gantt) of rows of bars between calendar days: a sticky header of day / week / month ticks, a label
 * column that stays in place while the bars scroll sideways, a line on today, critical bars in red. Only the
 * rows in view are in the DOM, each a memoized plain row styled by one stylesheet (./styles.ts), so thousands of
 * rows scroll smoothly. Bars can be rescheduled by dragging or with the arrow keys (TimelineBar); the caller
 * decides what happens. On a touch screen (../useTouchScreen.ts) the rows are taller, so a bar
 * is a 44 px target; a tap chooses a bar and a panel offers its moves as buttons (BarActions); the hint says what
 * to do by touch instead of by keyboard. The geometry is the engine's (engine/planning/timeline.ts); this only draws.
 */
import { memo, useCallback, useId, useLayoutEffect, useMemo, useState } from 'react';
import { Box, Text, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import { useVirtualizer } from 'react-window';
import { useTranslation } from 'react-i18next';
import { monthText } from '../../engine/dates';
import { alignedSpan, barOf, openingScroll, spanOf, ticksOf, widthOf, xOf, type Span, type Tick } from '../../engine/planning/timeline';
import { BarActions } from './BarActions';
import { TimelineBar } from './TimelineBar';
import { HEAD_HEIGHT, PANEL_ROOM, ROW_HEIGHT, ROW_HEIGHT_TOUCH, timelineCss } from './styles';
import { useTouchScreen } from '../useTouchScreen';
import type { NewDates, TimelineItem, TimelineProps, Zoom } from './types';

export type { NewDates, TimelineItem, TimelineProps, Zoom } from './types';
export { ROW_HEIGHT } from './styles';

/** Width of the label column: narrower on phones. */
const LABEL_WIDTH = { base: 120, md: 240 };

/** Height of the scroll box until it is measured, and where it cannot be (no layout, e.g. jsdom). */
const FALLBACK_HEIGHT = 600;

/** A tick's text: the day at day zoom, day/month at week zoom, the month by its name at month zoom. */
const tickText = (iso: string, zoom: Zoom, lang: string) => (zoom === 'day' ? iso.slice(8, 10) : zoom === 'week' ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}` : monthText(iso, lang));

interface HeaderProps {
  ticks: Tick[];
  zoom: Zoom;
  width: number;
  labelWidth: number;
  labelHeader: string;
  lang: string;
}

const Header = memo(function Header({ ticks, zoom, width, labelWidth, labelHeader, lang }: HeaderProps) {
  return (
    <div className="tl-head" style={{ width: labelWidth + width }} aria-hidden>
      <div className="tl-corner" style={{ width: labelWidth }}>
        {labelHeader}
      </div>
      <div className="tl-ticks" style={{ width }}>
        {ticks.map((t, i) => (
          <span key={t.iso} className="tl-tick" data-major={t.major || undefined} data-zoom={zoom} style={{ left: t.x }}>
            {/* at day zoom the month is written above the first day shown and every first of a month */}
            {zoom === 'day' && (i === 0 || t.iso.endsWith('-01')) && <span className="tl-month">{monthText(t.iso, lang)}</span>}
            {tickText(t.iso, zoom, lang)}
          </span>
        ))}
      </div>
    </div>
  );
});

interface RowProps {
  item: TimelineItem;
  index: number;
  count: number;
  top: number;
  span: Span;
  zoom: Zoom;
  width: number;
  labelWidth: number;
  hintId: string;
  selected: boolean;
  panelId: string;
  touch: boolean;
  onSelect: (id: string) => void;
  onReschedule?: (item: TimelineItem, dates: NewDates) => void;
}

const Row = memo(function Row({ item, index, count, top, span, zoom, width, labelWidth, hintId, selected, panelId, touch, onSelect, onReschedule }: RowProps) {
  const bar = barOf(span, zoom, item.start, item.end);
  const group = item.kind === 'group';
  return (
    <div
      role="listitem"
      aria-setsize={count}
      aria-posinset={index + 1}
      className="tl-row"
      data-group={group || undefined}
      data-row={item.id}
      style={{ transform: `translateY(${top}px)`, width: labelWidth + width }}
    >
      <div className="tl-label" data-detail={item.detail ? '' : undefined} style={{ width: labelWidth }}>
        <div className="tl-name">{item.label}</div>
        {item.detail && <div className="tl-detail">{item.detail}</div>}
      </div>
      <div className="tl-track" style={{ width }}>
        {bar &&
          (group ? (
            <span className="tl-span" style={{ left: bar.left, width: bar.width }} aria-hidden />
          ) : (
            <TimelineBar
              item={item}
              left={bar.left}
              width={bar.width}
              zoom={zoom}
              hintId={hintId}
              selected={selected}
              panelId={panelId}
              touch={touch}
              onSelect={onSelect}
              onReschedule={onReschedule}
            />
          ))}
      </div>
    </div>
  );
});

export function Timeline({ items, zoom, today, onReschedule, label, labelHeader, keyboardHint, touchHint, height = '60vh' }: TimelineProps) {
  const hintId = useId();
  const panelId = useId();
  const { i18n } = useTranslation();
  const touch = useTouchScreen();
  const rowHeight = touch ? ROW_HEIGHT_TOUCH : ROW_HEIGHT;
  const labelWidth = useBreakpointValue(LABEL_WIDTH, { ssr: false }) ?? LABEL_WIDTH.md;
  const span = useMemo(() => alignedSpan(spanOf(items.flatMap((i) => [i.start, i.end]), today), zoom), [items, today, zoom]);
  const width = widthOf(span, zoom);
  const ticks = useMemo(() => ticksOf(span, zoom), [span, zoom]);
  const todayX = xOf(span, zoom, today) ?? 0;
  // react-window (the DataTable's virtualizer too) takes the element itself: known once mounted
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({ count: items.length, element: scroller, itemSize: rowHeight, overscanCount: 6, defaultSize: FALLBACK_HEIGHT });
  // opens on today (and again on another zoom), not on the week of margin before the first bar; rows read
  // again later leave the scroll where the user put it
  const opening = openingScroll(span, zoom, today);
  useLayoutEffect(() => {
    if (scroller) scroller.scrollLeft = opening;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scroller, zoom]);

  // the bar chosen by a tap, and its panel over the bottom of the box
  const [selected, setSelected] = useState<string | null>(null);
  const onSelect = useCallback((id: string) => setSelected(id), []);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const index = selected === null ? -1 : items.findIndex((i) => i.id === selected && i.kind === 'item');
  // a bar chosen where the panel covers the box (kept at the bottom of the screen) is scrolled up from under it
  useLayoutEffect(() => {
    if (!scroller?.clientHeight || !panel || index < 0) return;
    const rowBottom = scroller.getBoundingClientRect().top + HEAD_HEIGHT + (index + 1) * rowHeight - scroller.scrollTop;
    const covered = rowBottom - panel.getBoundingClientRect().top;
    if (covered > 0) scroller.scrollTop += covered;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [panel, selected]);

  return (
    <Box minW="0">
      {touch ? (
        onReschedule && (
          <Text id={hintId} fontSize="sm" color="fg.muted" mb="2">
            {touchHint}
          </Text>
        )
      ) : (
        <VisuallyHidden id={hintId}>{keyboardHint}</VisuallyHidden>
      )}
      <Box
        ref={setScroller}
        h={height}
        overflow="auto"
        overscrollBehaviorX="contain"
        position="relative"
        borderWidth="1px"
        borderRadius="md"
        css={timelineCss}
        data-touch={touch || undefined}
        tabIndex={-1}
      >
        <Header ticks={ticks} zoom={zoom} width={width} labelWidth={labelWidth} labelHeader={labelHeader} lang={i18n.language} />
        <div role="list" aria-label={label} className="tl-body" style={{ height: virtualizer.totalSize + (index < 0 ? 0 : PANEL_ROOM), width: labelWidth + width }}>
          <span className="tl-today" style={{ left: labelWidth + todayX }} aria-hidden />
          {virtualizer.items.map((v) => (
            <Row
              key={items[v.index].id}
              item={items[v.index]}
              index={v.index}
              count={items.length}
              top={v.offset}
              span={span}
              zoom={zoom}
              width={width}
              labelWidth={labelWidth}
              hintId={hintId}
              selected={items[v.index].id === selected}
              panelId={panelId}
              touch={touch}
              onSelect={onSelect}
              onReschedule={onReschedule}
            />
          ))}
        </div>
      </Box>
      {index >= 0 && <BarActions ref={setPanel} id={panelId} item={items[index]} onReschedule={onReschedule} onClose={() => setSelected(null)} />}
    </Box>
  );
}
