import type { Migration } from 'kysely'
import * as initial from './20261122T0900_initial.ts'
import * as attributeRegistry from './20261123T0900_attribute_registry.ts'
import * as accounts from './20261123T1000_accounts.ts'
import * as searchVocabulary from './20261124T0900_search_vocabulary.ts'
import * as rateLimitCounts from './20261125T0900_rate_limit_counts.ts'
import * as plantIdsByDefault from './20261126T1200_plant_ids_by_default.ts'
import * as plantTotal from './20261127T0900_plant_total.ts'
import * as changeFeedOrder from './20261128T0900_change_feed_order.ts'
import * as moderation from './20261129T0900_moderation.ts'
import * as plantNumbers from './20261130T0900_plant_numbers.ts'
import * as images from './20261201T0900_images.ts'
import * as valueSources from './20261202T0900_value_sources.ts'
import * as plantWindows from './20261202T1000_plant_windows.ts'
import * as mirrorState from './20261203T0900_mirror_state.ts'
import * as plantOffsets from './20261204T0900_plant_offsets.ts'
import * as derivedVersions from './20261205T0900_derived_versions.ts'
import * as indexRebuilds from './20261205T0900_index_rebuilds.ts'
import * as registryChanges from './20261206T0900_registry_changes.ts'
import * as plantsIdType from './20261207T0900_plants_id_type.ts'
import * as facetStatistics from './20261208T0900_facet_statistics.ts'
import * as searchNumberTerms from './20261209T0900_search_number_terms.ts'
import * as searchNameTerms from './20261210T0900_search_name_terms.ts'
import * as typoVariantPrefixes from './20261211T0900_typo_variant_prefixes.ts'
import * as searchStatistics from './20261212T0900_search_statistics.ts'
import * as searchFacetTerms from './20261213T0900_search_facet_terms.ts'
import * as mail from './20261214T0900_mail.ts'
import * as watchlists from './20261215T0900_watchlists.ts'
import * as webhooks from './20261216T0900_webhooks.ts'

/** Every PostgreSQL migration, by name; names sort in the order they run. */
export const postgresMigrations: Record<string, Migration> = {
  '20261122T0900_initial': initial,
  '20261123T0900_attribute_registry': attributeRegistry,
  '20261123T1000_accounts': accounts,
  '20261124T0900_search_vocabulary': searchVocabulary,
  '20261125T0900_rate_limit_counts': rateLimitCounts,
  '20261126T1200_plant_ids_by_default': plantIdsByDefault,
  '20261127T0900_plant_total': plantTotal,
  '20261128T0900_change_feed_order': changeFeedOrder,
  '20261129T0900_moderation': moderation,
  '20261130T0900_plant_numbers': plantNumbers,
  '20261201T0900_images': images,
  '20261202T0900_value_sources': valueSources,
  '20261202T1000_plant_windows': plantWindows,
  '20261203T0900_mirror_state': mirrorState,
  '20261204T0900_plant_offsets': plantOffsets,
  '20261205T0900_derived_versions': derivedVersions,
  '20261205T0900_index_rebuilds': indexRebuilds,
  '20261206T0900_registry_changes': registryChanges,
  '20261207T0900_plants_id_type': plantsIdType,
  '20261208T0900_facet_statistics': facetStatistics,
  '20261209T0900_search_number_terms': searchNumberTerms,
  '20261210T0900_search_name_terms': searchNameTerms,
  '20261211T0900_typo_variant_prefixes': typoVariantPrefixes,
  '20261212T0900_search_statistics': searchStatistics,
  '20261213T0900_search_facet_terms': searchFacetTerms,
  '20261214T0900_mail': mail,
  '20261215T0900_watchlists': watchlists,
  '20261216T0900_webhooks': webhooks,
}
