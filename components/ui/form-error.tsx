// A form's error line, read out when it appears.
export function FormError({ message, id, className = "" }: { message?: string | null; id?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={`${className} text-sm text-red-600`.trim()}>
      {message}
    </p>
  );
}
