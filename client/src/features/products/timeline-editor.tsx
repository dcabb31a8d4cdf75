import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { TextareaField } from '#client/components/ui/textarea-field.tsx';
import { emptyStep, moveItem, type TimelineStep } from './types.ts';

const t = vi.workspace.timeline;

/**
 * The tracking timeline of a product: add, edit, reorder (up/down buttons: keyboard-friendly, unlike
 * drag and drop) and remove steps. Controlled: the parent holds the steps and saves them with the product.
 * `errors` are keyed like the server's: `trackings.1.date`.
 */
export function TimelineEditor({
  steps,
  onChange,
  errors = {},
}: {
  steps: TimelineStep[];
  onChange: (steps: TimelineStep[]) => void;
  errors?: Record<string, string>;
}) {
  const patch = (i: number, change: Partial<TimelineStep>) =>
    onChange(steps.map((s, j) => (j === i ? { ...s, ...change } : s)));
  return (
    <section aria-labelledby="timeline-title" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id="timeline-title" className="font-semibold text-ink">
          {t.title}
        </h3>
        <Button variant="outline" size="sm" onClick={() => onChange([...steps, emptyStep()])}>
          {t.add}
        </Button>
      </div>
      {steps.length === 0 && <p className="text-sm text-ink-soft">{t.empty}</p>}
      <ol className="flex flex-col gap-3">
        {steps.map((step, i) => {
          const n = i + 1;
          const err = (field: string) => errors[`trackings.${i}.${field}`];
          return (
            <li key={step.key} aria-label={t.step(n)} className="rounded-lg border border-line p-3">
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="text-sm font-semibold text-primary">{t.step(n)}</span>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t.moveUp(n)}
                    disabled={i === 0}
                    onClick={() => onChange(moveItem(steps, i, i - 1))}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t.moveDown(n)}
                    disabled={i === steps.length - 1}
                    onClick={() => onChange(moveItem(steps, i, i + 1))}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t.remove(n)}
                    className="text-danger"
                    onClick={() => onChange(steps.filter((_, j) => j !== i))}
                  >
                    ✕
                  </Button>
                </div>
              </div>
              <div className="grid gap-2 sm:grid-cols-3">
                <Field
                  label={t.activity}
                  value={step.activity}
                  required
                  maxLength={200}
                  error={err('activity')}
                  onChange={(e) => patch(i, { activity: e.target.value })}
                />
                <Field
                  label={t.location}
                  value={step.location}
                  maxLength={300}
                  error={err('location')}
                  onChange={(e) => patch(i, { location: e.target.value })}
                />
                <Field
                  label={t.date}
                  type="date"
                  value={step.date}
                  required
                  error={err('date')}
                  onChange={(e) => patch(i, { date: e.target.value })}
                />
              </div>
              <TextareaField
                className="mt-2"
                label={t.description}
                value={step.description}
                maxLength={2000}
                error={err('description')}
                onChange={(e) => patch(i, { description: e.target.value })}
              />
            </li>
          );
        })}
      </ol>
    </section>
  );
}
