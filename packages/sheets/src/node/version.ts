/**
 * This package's version, written into every workbook's Metadata sheet and every export manifest.
 * Imported as JSON (not read beside the module at run time), so a bundle (the explorer's built main
 * and web mode, whose shared code sits in out/main/chunks) carries it wherever its chunks land.
 */
import sheetsPackage from '../../package.json' with { type: 'json' };

export const PACKAGE_VERSION: string = sheetsPackage.version;
