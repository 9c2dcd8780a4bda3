/**
 * The inline editor of a yes / no cell: a checkbox, not a text to type "true" into. Space toggles it and Enter
 * saves, as in the other cells' editors; Escape gives it up and leaving closes it. A click or tap on it is the
 * choice itself: it saves at once (a pointer has no Enter). What it saves is "true" / "false", the text of a
 * boolean the table's inline edit sends (machines/dataTable `cellValue`).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { Checkbox } from '@chakra-ui/react';

export interface YesNoEditorProps {
  /** The value it starts from. */
  checked: boolean;
  /** Accessible name of the box. */
  label: string;
  /** The texts of yes and no in the user's language, shown beside the box. */
  yes: string;
  no: string;
  /** After a refusal: Enter sends again even what did not change. */
  invalid?: boolean;
  describedBy?: string;
  onSave: (value: boolean) => void;
  /** Escape: the edit is given up. */
  onEscape: () => void;
  /** Leaving the box, or Enter on what did not change: the editor closes. */
  onLeave: () => void;
}

export function YesNoEditor({ checked, label, yes, no, invalid, describedBy, onSave, onEscape, onLeave }: YesNoEditorProps) {
  const [on, setOn] = useState(checked);
  const byPointer = useRef(false);
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    byPointer.current = false;
    if (e.key === 'Enter') {
      e.preventDefault();
      if (invalid || on !== checked) onSave(on);
      else onLeave();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onEscape();
    }
  };
  return (
    <Checkbox.Root
      size="sm"
      checked={on}
      invalid={invalid}
      onCheckedChange={(d) => {
        setOn(d.checked === true);
        if (byPointer.current) onSave(d.checked === true);
      }}
      onPointerDown={() => {
        byPointer.current = true;
      }}
      // the focus stays in the box after a tap too (leaving would close the editor before the click lands)
      onMouseDown={(e) => e.preventDefault()}
    >
      <Checkbox.HiddenInput autoFocus aria-describedby={describedBy} onKeyDown={onKeyDown} onBlur={onLeave} />
      <Checkbox.Control />
      {/* named as the other cells' editors are */}
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
      {/* the box says its state itself: its Sí / No is not read twice */}
      <span aria-hidden>{on ? yes : no}</span>
    </Checkbox.Root>
  );
}
