/** A form field's message: announced when it appears; the input points at it with aria-describedby. */
export function FieldError(props: { id: string; message: string | null | undefined }) {
  if (!props.message) return null;
  return (
    <p id={props.id} className="field-error" role="alert">
      {props.message}
    </p>
  );
}
