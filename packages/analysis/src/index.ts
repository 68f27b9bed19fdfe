/**
 * @econdata/analysis: pure functions from core's Series to new Series (no I/O). One engine for the
 * desktop, the taskpane, the ECON.* formulas and saved exports: transforms in one text form
 * (`Per=Q Agg=avg Units=pc1`), and series derived from several others (`a/b*100`).
 */
export {};
