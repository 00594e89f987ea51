/** What other modules may read of a site beyond the cached `Site`: the rules of the moment. */
export { dateChangeRulesOf } from './sites.repository.ts';
