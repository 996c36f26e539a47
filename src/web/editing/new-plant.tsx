// Adding a plant, or a variety of the plant whose page the person came from.
import type { Plant } from '../../plants/plant.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import type { FormChoices } from './edit-plant.tsx'
import { PlantForm, type PlantFormProps } from './plant-form.tsx'

export interface NewPlantView extends FormChoices {
  viewer: Viewer
  /** The plant a variety is being added to, when the person came from its page. */
  parent: Plant | null
  values: PlantFormProps['values']
  problems: PlantFormProps['problems']
}

export function NewPlantPage({ viewer, parent, ...form }: NewPlantView): JSX.Element {
  const title = parent ? `Add a variety of ${parent.name}` : 'Add a plant'
  return (
    <Layout title={title} viewer={viewer}>
      <h1 safe>{title}</h1>
      <p>
        Search first, to be sure it is not in Hortus already: <a href="/search">search plants</a>. Everything
        you add is shared under CC BY-SA 4.0, credited to your display name.
      </p>
      <PlantForm
        {...form}
        action={parent ? `/plants/new?parent=${encodeURIComponent(parent.slug)}` : '/plants/new'}
        mode="new"
        submit={parent ? 'Add variety' : 'Add plant'}
        cancel={parent ? { href: parent.link, text: 'Cancel' } : { href: '/', text: 'Cancel' }}
      />
    </Layout>
  )
}
