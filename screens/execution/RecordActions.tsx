/**
 * The record page's actions in its bar: take or release the record, move it, make a child record from its items,
 * and its history. A closed record keeps only its history (what was done to it is what people open it for).
 */
import type { ReactNode } from 'react';
import { Box, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Someone holds the record. */
  held: boolean;
  closed: boolean;
  /** The user holds it, or may take it from whoever does (an administrator). */
  mayRelease: boolean;
  dirty: boolean;
  /** The buttons just changed under the pointer: presses go nowhere for a moment. */
  settling: boolean;
  mayMakeChild: boolean;
  onTake(): void;
  onRelease(): void;
  onMove(): void;
  onMakeChild(): void;
  history: ReactNode;
}

export function RecordActions({ held, closed, mayRelease, dirty, settling, mayMakeChild, onTake, onRelease, onMove, onMakeChild, history }: Props) {
  const { t } = useTranslation();
  return (
    // display: contents keeps the buttons in the bar's own row; while settling they let presses through to nothing
    <Box display="contents" style={settling ? { pointerEvents: 'none' } : undefined}>
      {!closed && (
        <>
          {held && mayRelease ? (
            <Button size="sm" variant="outline" onClick={onRelease}>
              {t('execution.release')}
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={onTake}>
              {t('execution.take')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={onMove}>
            {t('execution.move.open')}
          </Button>
          {mayMakeChild && (
            <Button size="sm" variant="outline" disabled={dirty} onClick={onMakeChild}>
              {t('execution.fromParent.open')}
            </Button>
          )}
        </>
      )}
      {history}
    </Box>
  );
}
