/**
 * A labelled form control with its hint and error tied to it by aria-describedby; the error is
 * announced when it appears.
 */
import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId } from 'react';

type Described = { label: ReactNode; error?: string | undefined; hint?: ReactNode };

function describedBy(hintId: string | null, errorId: string | null): string | undefined {
  const ids = [errorId, hintId].filter(Boolean).join(' ');
  return ids || undefined;
}

export function FieldError(props: { id: string; message: string | undefined }) {
  if (!props.message) return null;
  return (
    <p id={props.id} className="field-error" role="alert">
      {props.message}
    </p>
  );
}

/** The label, hint and error around one control; `control` gets the ids and ARIA attributes to wear. */
function FieldFrame(
  props: Described & {
    id: string | undefined;
    className: string | undefined;
    control: (attributes: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined }) => ReactNode;
  },
) {
  const generated = useId();
  const id = props.id ?? generated;
  const hintId = props.hint ? `${id}-hint` : null;
  const errorId = props.error ? `${id}-error` : null;
  return (
    <div className={`field ${props.className ?? ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.hint ? (
        <p id={hintId ?? undefined} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      {props.control({
        id,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': describedBy(hintId, errorId),
      })}
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}

export function TextField(props: Described & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { label, error, hint, className, ...input } = props;
  return (
    <FieldFrame
      id={input.id}
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(attributes) => <input {...input} {...attributes} />}
    />
  );
}

export function SelectField(
  props: Described & SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement>; children: ReactNode },
) {
  const { label, error, hint, className, children, ...select } = props;
  return (
    <FieldFrame
      id={select.id}
      label={label}
      error={error}
      hint={hint}
      className={className}
      control={(attributes) => (
        <select {...select} {...attributes}>
          {children}
        </select>
      )}
    />
  );
}

/** A group of checkboxes or radios under one legend, its error tied to the group. */
export function FieldSet(props: {
  legend: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const hintId = props.hint ? `${id}-hint` : null;
  const errorId = props.error ? `${id}-error` : null;
  return (
    <fieldset
      className={`fieldset ${props.className ?? ''}`}
      aria-describedby={describedBy(hintId, errorId)}
      aria-invalid={props.error ? true : undefined}
    >
      <legend>{props.legend}</legend>
      {props.hint ? (
        <p id={hintId ?? undefined} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      {props.children}
      <FieldError id={`${id}-error`} message={props.error} />
    </fieldset>
  );
}

export function CheckboxField(
  props: { label: ReactNode; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> },
) {
  const { label, hint, className, ...input } = props;
  const generated = useId();
  const id = input.id ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={`check ${className ?? ''}`}>
      <input {...input} type="checkbox" id={id} aria-describedby={hintId} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
