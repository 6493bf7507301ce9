/**
 * The diner's allergy calls (issue 29; ours), in a module of their own: the allergy sheet loads them
 * when opened, so the menu's first screen carries none of them.
 */
export const ALLERGEN_API = {
  /** GET ?rid=&tableId=: what the table's diners share that they avoid; POST {guid, tableId, avoid}: share (or [] to stop) */
  tableAllergens: "/deal/api/v1/table-allergens",
} as const;
