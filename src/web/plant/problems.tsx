// A plant's pests and diseases in full (/plants/<slug>/problems).
import type { Plant } from '../../plants/plant.ts'
import type { PlantProblems } from '../../problems/problems.service.ts'
import { Layout, type Viewer } from '../common/layout.tsx'
import { PlantProblemList } from './plant-problems.tsx'

export function ProblemsPage({
  plant,
  problems,
  viewer,
}: {
  plant: Plant
  problems: PlantProblems
  viewer: Viewer | null
}): JSX.Element {
  return (
    <Layout title={`Pests and diseases of ${plant.name}`} viewer={viewer}>
      <h1 safe>{`Pests and diseases of ${plant.name}`}</h1>
      <p>
        <a href={plant.link} safe>{`Back to ${plant.name}`}</a>
      </p>
      {problems.problems.length ? (
        <PlantProblemList problems={problems} />
      ) : (
        <p>No pests or diseases recorded.</p>
      )}
    </Layout>
  )
}
