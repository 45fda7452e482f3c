/**
 * Everything a FIR (formulario di identificazione dei rifiuti, D.Lgs 152/2006 art. 193, DM 59/2023)
 * prints and exports, gathered from the database before drawing or serialising: the PDF
 * (`pdf.ts`) and the RENTRI-shaped XML (`xml.ts`) are pure functions of this.
 */
export interface FirParty {
  /** Company or person name. */
  name: string;
  /** Partita IVA, else codice fiscale. */
  vatNumber: string | null;
  fiscalCode: string | null;
  /** "Via Roma 12, 20900 Monza (MB)". */
  address: string | null;
}

export interface FirSite {
  name: string;
  address: string | null;
  /** The site's authorisation (number / act) when it has one: the destination's is required on the form. */
  authorisation: string | null;
}

export type FirSignatureRole = 'PRODUCER' | 'TRANSPORTER' | 'DESTINATION';

export interface FirSignature {
  role: FirSignatureRole;
  /** Full name of the signing user. */
  signedBy: string;
  /** ISO instant. */
  signedAt: string;
  /** sha256 (hex) of the data signed: the FIR's core data and the signatures before this one. */
  hash: string;
}

export interface FirDocument {
  /** The number from the FIR series: "FIR/2026/000123". */
  number: string;
  /** ISSUED, SIGNED_PRODUCER, SIGNED_TRANSPORTER, ACCEPTED, PARTIALLY_ACCEPTED, REFUSED, CANCELLED. */
  status: string;
  /** ISO instant the FIR was issued. */
  issuedAt: string;
  producer: FirParty;
  /** Where the waste is picked up (unità locale of the producer). */
  pickupSite: FirSite;
  destination: FirParty;
  destinationSite: FirSite;
  transporter: FirParty & { alboNumber: string | null; alboCategory: string | null };
  intermediary: (FirParty & { alboNumber: string | null }) | null;
  waste: {
    /** "20 03 01" (with the asterisk of a hazardous code: "16 06 01*"). */
    eer: string;
    description: string;
    /** Label of the physical state (WASTE_PHYSICAL_STATE), e.g. "Solido non pulverulento". */
    physicalState: string | null;
    /** Its code (1–4 on the paper form's scale, our table's code otherwise). */
    physicalStateCode: string | null;
    /** ["HP4", "HP14"]. */
    hpProperties: string[];
    hazardous: boolean;
    /**
     * Provenienza: U urbano, S speciale (a box of the paper form; `provenienza` of RENTRI's
     * DatiRifiutoModel, required there). Unknown when absent.
     */
    origin?: 'U' | 'S' | null;
  };
  /** R or D operation at the destination: code "R13" and its description. */
  operation: { code: string; description: string } | null;
  /** Quantity estimated at departure, in its unit ("kg", "t", "l", "m3"). */
  quantity: number;
  unit: string;
  /** Weight verified at departure when weighed (kg), else null (estimate). */
  departureVerifiedKg: number | null;
  /** Load units: "3 × Big bag". */
  loadUnits: string | null;
  adr: { unNumber: string; adrClass: string | null; packingGroup: string | null } | null;
  transport: {
    vehiclePlate: string;
    trailerPlate: string | null;
    driver: string | null;
    /** ISO instant the transport starts. */
    startAt: string;
    routeNotes: string | null;
  };
  /** The destination's verdict once it signed. */
  acceptance: {
    outcome: 'ACCEPTED' | 'PARTIALLY_ACCEPTED' | 'REFUSED';
    acceptedKg: number;
    refusedKg: number;
    refusalReason: string | null;
    /** ISO instant of arrival / acceptance. */
    at: string;
  } | null;
  signatures: FirSignature[];
  notes: string | null;
}
