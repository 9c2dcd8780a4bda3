/** The official endpoints of the tax authority's services per environment (AFIP/ARCA manuals). */
export type BillingEnvironment = 'homologacion' | 'produccion';

export interface Endpoints {
  wsaa: string;
  wsfe: string;
}

export const OFFICIAL_ENDPOINTS: Readonly<Record<BillingEnvironment, Endpoints>> = {
  homologacion: { wsaa: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms', wsfe: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx' },
  produccion: { wsaa: 'https://wsaa.afip.gov.ar/ws/services/LoginCms', wsfe: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx' },
};
