/**
 * The form's one registry (STYLE §4): RJSF defaults, then the @rjsf/chakra-ui theme, then the project's
 * own templates and widgets. Every widget leaves the label to FieldTemplate.
 */
import type { ThemeProps } from '@rjsf/core';
import type { RegistryWidgetsType } from '@rjsf/utils';
import { Theme as ChakraTheme } from '@rjsf/chakra-ui';
import { ArrayFieldItemTemplate } from './ArrayFieldItemTemplate';
import { ArrayFieldTemplate } from './ArrayFieldTemplate';
import { BaseInputTemplate, UpDownWidget } from './BaseInputTemplate';
import { CheckboxesWidget } from './CheckboxesWidget';
import { CheckboxWidget } from './CheckboxWidget';
import { DatePickerWidget } from './DatePickerWidget';
import { FieldTemplate } from './FieldTemplate';
import { ObjectFieldTemplate } from './ObjectFieldTemplate';
import { SelectWidget } from './SelectWidget';
import { TextareaWidget } from './TextareaWidget';
import { UNKNOWN_WIDGET } from './uiSchema';
import { UnknownWidget } from './UnknownWidget';

/** Registered under RJSF's names (used by default for a schema type) and the short ui:widget names. */
export const formWidgets: RegistryWidgetsType = {
  ...ChakraTheme.widgets,
  CheckboxWidget,
  CheckboxesWidget,
  SelectWidget,
  TextareaWidget,
  UpDownWidget,
  DateWidget: DatePickerWidget,
  select: SelectWidget,
  checkbox: CheckboxWidget,
  checkboxes: CheckboxesWidget,
  date: DatePickerWidget,
  textarea: TextareaWidget,
  [UNKNOWN_WIDGET]: UnknownWidget,
};

export const formTheme: ThemeProps = {
  templates: {
    ...ChakraTheme.templates,
    FieldTemplate,
    BaseInputTemplate,
    ObjectFieldTemplate,
    ArrayFieldTemplate,
    ArrayFieldItemTemplate,
  },
  widgets: formWidgets,
};
