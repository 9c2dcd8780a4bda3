/**
 * The flow's header fields: a SchemaForm of `flujo` without the graph. Memoised: an edit of the graph (a letter
 * typed into a step's text) does not draw the form again.
 */
import { memo } from 'react';
import type { FieldError } from '../../engine/errors';
import type { Header } from '../../machines/flowDesignerModel';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { optionsSource } from '../app/entityData';
import { headerEntity } from './headerEntity';

interface HeaderFormProps {
  formId: string;
  header: Header;
  serverErrors: FieldError[];
  readOnly?: boolean;
  onChange: (header: Header) => void;
  onSubmit: (header: Header) => void;
}

export const HeaderForm = memo(function HeaderForm({ formId, header, serverErrors, readOnly, onChange, onSubmit }: HeaderFormProps) {
  return (
    <SchemaForm
      entity={headerEntity}
      formId={formId}
      formData={header}
      serverErrors={serverErrors}
      readOnly={readOnly}
      optionsSource={optionsSource}
      onChange={onChange}
      onSubmit={onSubmit}
    />
  );
});
