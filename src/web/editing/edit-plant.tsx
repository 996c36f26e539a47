// Editing a plant from its page: every field, its attributes and a note, at the version it was read at.
import type { Plant } from '../../plants/plant.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { PlantForm, type PlantFormProps } from './plant-form.tsx'

export type FormChoices = Pick<PlantFormProps, 'csrf' | 'keys' | 'valueChoices'>

export interface EditPlantView extends FormChoices {
  viewer: Viewer
  plant: Plant
  values: PlantFormProps['values']
  problems: PlantFormProps['problems']
  /** The version the form was read at: the plant's, or the one the refused form carried. */
  version: number
}

export function EditPlantPage({ viewer, plant, version, ...form }: EditPlantView): JSX.Element {
  return (
    <Layout title={`Edit ${plant.name}`} viewer={viewer}>
      <h1 safe>{`Edit ${plant.name}`}</h1>
      <p class="scientific">
        <i safe>{plant.scientific_name}</i>
      </p>
      <p>
        To add or remove companions and antagonists, go to{' '}
        <a href={`${plant.link}/links`}>Companions and antagonists</a>.
      </p>
      <PlantForm
        {...form}
        action={`${plant.link}/edit`}
        mode="edit"
        version={version}
        submit="Save changes"
        cancel={{ href: plant.link, text: 'Cancel' }}
      />
    </Layout>
  )
}
