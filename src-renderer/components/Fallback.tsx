import { Button } from 'antd';

/** A light result block (title, hint, one action) for the entry chunk, instead of antd Result. */
export function Fallback({ title, hint, action, onAction }: { title: string; hint?: string; action: string; onAction(): void }) {
  return (
    <div className="desk-fallback" role="alert">
      <h2>{title}</h2>
      {hint && <p>{hint}</p>}
      <Button type="primary" onClick={onAction}>
        {action}
      </Button>
    </div>
  );
}
