import { Alert, Form } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectSubmittedForm, selectValidationErrors, validationFieldEdited } from './validationSlice';

/** Props of {@link ServerFieldErrors}. */
export interface ServerFieldErrorsProps {
  /**
   * The form's name as given to `validationFormSubmitted`, where a screen has several forms with
   * the same field names; without it the messages of the last 422 are this form's.
   */
  scope?: string;
  /**
   * Fields whose Form.Item already lists the server's messages itself (`FieldErrors` in its help):
   * they are not marked a second time, but their messages still go when their value changes.
   * `'all'` when every Form.Item of the form does so.
   */
  shownByItems?: readonly string[] | 'all';
}

const noErrors: Record<string, string[]> = {};
const noFields: readonly string[] = [];

type NamePath = (string | number)[];

/** A field with server messages: where it is, its value when they came, whether its item lists them. */
interface Marked {
  path: NamePath;
  value: string;
  own: boolean;
}

/** `permissions.0` → the closest field the form has: `permissions.0`, else `permissions`. */
function placeOf(field: string, registered: Map<string, NamePath>): NamePath | undefined {
  const parts = field.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const path = registered.get(parts.slice(0, length).join('.'));
    if (path) return path;
  }
  return undefined;
}

function valueAt(values: unknown, path: NamePath): string {
  let node: unknown = values;
  for (const part of path) node = node && typeof node === 'object' ? (node as Record<string | number, unknown>)[part] : undefined;
  return JSON.stringify(node ?? null);
}

/**
 * Put inside an antd Form: the server's messages from the last 422 show under the form's own
 * fields (every field it has, nested ones included), and messages about a field the form does not
 * show are listed above it, so none is lost. A field's messages go as soon as its value changes:
 * they were about the old value.
 */
export function ServerFieldErrors({ scope, shownByItems = noFields }: ServerFieldErrorsProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const form = Form.useFormInstance();
  const active = useAppSelector(selectSubmittedForm);
  const all = useAppSelector(selectValidationErrors);
  const errors = scope === undefined || active === scope ? all : noErrors;
  const values: unknown = Form.useWatch((current) => current, form);
  // The fields this component marked, and the value each had when its messages arrived.
  const marked = useRef(new Map<string, Marked>());

  const registered = new Map<string, NamePath>();
  for (const { name } of form.getFieldsError()) registered.set(name.join('.'), name);
  const unplaced = shownByItems === 'all' ? [] : Object.entries(errors).filter(([field]) => !placeOf(field, registered));

  useEffect(() => {
    const current = new Map<string, NamePath>();
    for (const { name } of form.getFieldsError()) current.set(name.join('.'), name);
    const next = new Map<string, Marked>();
    const updates: { name: NamePath; errors: string[] }[] = [];
    for (const [field, messages] of Object.entries(errors)) {
      const path = placeOf(field, current);
      if (!path) continue;
      const own = shownByItems === 'all' || shownByItems.includes(field);
      next.set(field, marked.current.get(field) ?? { path, value: valueAt(form.getFieldsValue(true), path), own });
      if (!own) updates.push({ name: path, errors: messages });
    }
    for (const [field, { path, own }] of marked.current) if (!next.has(field) && !own) updates.push({ name: path, errors: [] });
    marked.current = next;
    if (updates.length > 0) form.setFields(updates);
    // shownByItems is a constant list per form; its identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errors, form]);

  useEffect(() => {
    const now = form.getFieldsValue(true);
    for (const [field, { path, value }] of marked.current) {
      if (valueAt(now, path) !== value) dispatch(validationFieldEdited(field));
    }
  }, [values, form, dispatch]);

  if (unplaced.length === 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('validation.notSaved', 'Not saved: please correct the following.')}
      description={<ul style={{ margin: 0, paddingInlineStart: 18 }}>{unplaced.flatMap(([field, messages]) => messages.map((message) => <li key={`${field}:${message}`}>{message}</li>))}</ul>}
    />
  );
}
