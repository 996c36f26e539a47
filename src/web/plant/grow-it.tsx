// "Grow it": the lines a gardener reads first, in words (plain-values.ts), at the top of the plant page.
import type { Attribute } from '../../plants/plant.ts'
import { growIt } from '../common/plain-values.ts'

export function GrowIt({ data }: { data: Attribute[] }): JSX.Element {
  const lines = growIt(data)
  if (lines.length === 0) return <></>
  return (
    <section class="grow-it" aria-labelledby="grow-it">
      <h2 id="grow-it">Grow it</h2>
      <dl>
        {lines.map(({ label, text }) => (
          <div>
            <dt safe>{label}</dt>
            <dd safe>{text}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
