/** A light result block (title, hint, one action) for the entry chunk: plain HTML and CSS, no antd. */
export function Fallback({ title, hint, action, onAction }: { title: string; hint?: string; action: string; onAction(): void }) {
  return (
    <div className="desk-fallback" role="alert">
      <h2>{title}</h2>
      {hint && <p>{hint}</p>}
      <button type="button" className="desk-btn desk-btn-primary" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}
