/**
 * Dropdowns render in a portal and only while open. Mantine keeps a closed list mounted and labelled
 * by the input's label, which would make `getByLabel('Status')` find two elements.
 */
export const comboboxProps = { withinPortal: true, keepMounted: false } as const;
