/**
 * Excel's serial days, owned here once: days since 1899-12-30 (the 1900 date system, which Excel,
 * LibreOffice, Office.js and exceljs use), in UTC so no time zone can shift a day. Excel's phantom
 * 1900-02-29 lies before every date that matters here. Everything that turns a date into a serial
 * or back (periods, plain values, the XLSX writer, the add-in's date arguments) asks this module.
 */

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;
/** The serial day of 1970-01-01. */
const UNIX_EPOCH_SERIAL = 25_569;

/** The serial day (with its fraction) of a UTC instant. */
export function dateToExcelSerial(date: Date): number {
  return date.getTime() / DAY_MS + UNIX_EPOCH_SERIAL;
}

/** The serial day of a UTC time in milliseconds (Date.UTC's result). */
export function utcMsToExcelSerial(ms: number): number {
  return ms / DAY_MS + UNIX_EPOCH_SERIAL;
}

/** Days between the 1900 and the 1904 date systems (a workbook's `date1904`: its serial 0 is 1904-01-01). */
const DAYS_1904 = 1462;

/**
 * A date from an Excel serial number (what a reader gets from an unformatted date cell), in UTC;
 * `date1904` for a workbook in the 1904 date system.
 */
export function excelSerialToDate(serial: number, date1904 = false): Date {
  return new Date(Math.round((serial + (date1904 ? DAYS_1904 : 0) - UNIX_EPOCH_SERIAL) * DAY_MS));
}
