/**
 * Renders any entity's form from its metadata (schema + ui.json) with RJSF and the project's Chakra
 * widgets. Validation runs the engine's rules (validator.ts); each field shows one translated message
 * (spec §5). Server field errors of a 4xx reply land on their fields. Labels: labelKeys.ts.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { withTheme } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import type { FieldError } from '../../engine/errors';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { EntityRules } from '../../engine/metadata/rules';
import type { OptionsSource, SchemaFormContext } from './context';
import { formTheme, formWidgets } from './theme';
import { prepareUi } from './uiSchema';
import { useServerErrors } from './useServerErrors';
import { createEngineValidator } from './validator';

export type { OptionsSource } from './context';

export type FormRecord = Record<string, unknown>;

export interface SchemaFormProps {
  entity: ResolvedEntity;
  formData?: FormRecord;
  onChange?: (data: FormRecord) => void;
  /** Called with the data once it passes validation. */
  onSubmit: (data: FormRecord) => void;
  /** Show mode: every input read-only, no add / remove in child tables. */
  readOnly?: boolean;
  /** Field errors of a 4xx reply (`errors` of the API error body); each goes once its field is changed. */
  serverErrors?: readonly FieldError[];
  /** Remote select options (`{list}/select`). */
  optionsSource: OptionsSource;
  /** Id of the <form>, so a button elsewhere (SubHeader) can submit it with `form={formId}`. */
  formId?: string;
  /** Custom submit area inside the form; none by default. */
  children?: ReactNode;
  /** The entity's own rules (schemas/<entity>/rules.ts), checked while the user types as on the server. */
  rules?: EntityRules;
}

const Form = withTheme<FormRecord, RJSFSchema, SchemaFormContext>(formTheme);
/** A `const` (a box that must be ticked) is a rule to meet, not a value to fill in. */
const defaultsBehavior = { constAsDefaults: 'never' } as const;

export function SchemaForm({ entity, formData, onChange, onSubmit, readOnly, serverErrors, optionsSource, formId, children, rules }: SchemaFormProps) {
  const [tried, setTried] = useState(false);
  // the data on screen: the latest of the formData prop and the user's changes
  const [current, setCurrent] = useState(formData);
  const [given, setGiven] = useState(formData);
  if (formData !== given) {
    setGiven(formData);
    setCurrent(formData);
  }
  const schema = entity.schema as RJSFSchema;
  const validator = useMemo(() => createEngineValidator<FormRecord>(schema, rules), [schema, rules]);
  const uiSchema = useMemo(() => prepareUi(entity.schema, entity.ui, formWidgets, entity.references), [entity.schema, entity.ui, entity.references]);
  const formContext = useMemo(() => ({ entity: entity.name, optionsSource }), [entity.name, optionsSource]);
  const extraErrors = useServerErrors<FormRecord>(serverErrors, current);
  return (
    <Form
      id={formId}
      idPrefix={formId ? `${formId}_root` : undefined}
      schema={schema}
      uiSchema={uiSchema}
      formData={current}
      formContext={formContext}
      validator={validator}
      extraErrors={extraErrors}
      readonly={readOnly}
      noHtml5Validate
      showErrorList={false}
      focusOnFirstError
      experimental_defaultFormStateBehavior={defaultsBehavior}
      liveValidate={tried ? 'onChange' : false}
      onChange={(e) => {
        setCurrent(e.formData);
        onChange?.(e.formData ?? {});
      }}
      onError={() => setTried(true)}
      onSubmit={(e) => onSubmit(e.formData ?? {})}
    >
      {children ?? <></>}
    </Form>
  );
}
