import { Table } from '@mantine/core';

/**
 * Body rows and cells of the list's table are plain elements with Mantine's Table classes and the
 * data attributes ListTable's Table props give them (row borders, hover): what Table.Tr and Table.Td
 * render, without a styled component per cell. A page of rows, or of skeleton rows, was most of the
 * list's render time (decision 057). Change ROW_DATA with those props.
 */
export const TR_CLASS = `${Table.classes.tr} mantine-Table-tr`;
export const TD_CLASS = `${Table.classes.td} mantine-Table-td`;
export const ROW_DATA = { 'data-with-row-border': true, 'data-hover': true } as const;
