/**
 * The XML namespaces of the tax authority's SOAP services (AFIP manuals: WSAA, WSFEv1), shared by the client
 * and the test fake (tests/support/afip): only the names, so the fake stays its own implementation of the protocol.
 */
export const SOAP_ENV_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
/** WSAA (Axis 1): LoginCms. */
export const WSAA_NS = 'http://wsaa.view.sua.dvadac.desein.afip.gov';
/** WSFEv1 (ASP.NET .asmx): every method's element and its SOAPAction (`NS + method`). */
export const WSFE_NS = 'http://ar.gov.afip.dif.FEV1/';
