/**
 * `npm run seed:demo`: fills an EMPTY database with a small, realistic Argentine company in Spanish, so a
 * new user sees a working product: "Distribuidora El Hornero S.R.L.", a construction-materials and hardware
 * store in Mendoza — article categories (rubros), 37 articles with locations, prices, a few specifications
 * and two kits made of components (a cheque and a made-to-measure article among them), their opening stock as
 * movements of the stock ledger, 15 customers and 8 suppliers with CUITs that validate, 4 employees with
 * their job positions, users of each role, the sequences facturas / remitos / pedidos and the company record;
 * a flow "Ventas y depósito" whose records receive, reserve and deliver goods and a cheque
 * (./seed-demo-stock.ts); the procurement process "Compras" with its activities and its verified flow (./seed-demo-compras.ts); an
 * installation service (scripts/seed-demo-tasks.ts): a flow, two current work instructions with their tasks,
 * and installation orders whose tasks are under way; and sales (scripts/seed-demo-sales.ts): the verified flow
 * "Ventas" in the group "Comercial" with orders the staff moved along it.
 *
 * It uses the server's own configuration (DATA_DIR / DATABASE_URL, server/config.ts) and writes only
 * through the server's API (buildServer + app.inject, as an administrator), so every rule of the server
 * applies to the demo data too. With PGlite, stop the server first (one process per data folder).
 *
 * When the database already holds business data (articles, parties, job positions, sequences or a
 * company record) it changes nothing, says so on stderr, and exits 2 (a script must not take "nothing done" for
 * "seeded"). On a brand-new database the first user
 * `admin` gets the password DEMO_ADMIN_PASSWORD (unless ADMIN_PASSWORD is set); the demo users and their
 * passwords are printed at the end.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { cuitCheckDigit } from '../engine/cuit';
import { ROLES } from '../engine/roles';
import { buildServer, type ServerHandle } from '../server/app';
import { accessTokens, loadJwtSecret } from '../server/auth/access-token';
import { verifyPassword } from '../server/auth/password-hash';
import { revokeFamily, startFamily } from '../server/auth/refresh-tokens';
import { loadConfig } from '../server/config';
import { describeTarget } from '../server/db/connect';
import { DEFAULT_SEQUENCE } from '../server/entities/registro';
import { seedProcurement } from './seed-demo-compras';
import { seedDemoTasks } from './seed-demo-tasks';
import { seedSales } from './seed-demo-sales';
import { DEMO_PLACES, openingStock, seedStockFlow } from './seed-demo-stock';

export const DEMO_ADMIN_PASSWORD = 'Demo-Admin1!';

/** Tables that must be empty for the seed to run. */
const BUSINESS_TABLES = ['articulo', 'perfil', 'puesto', 'secuencia', 'empresa'] as const;

/**
 * A CUIT that validates: prefix + the 8-digit number + its check digit. Numbers whose formula gives 10
 * are never issued (engine/cuit.ts), so the next number is taken instead.
 */
export function demoCuit(prefix: string, number: number): string {
  for (let n = number; ; n++) {
    const ten = `${prefix}${String(n).padStart(8, '0')}`;
    const digit = cuitCheckDigit(ten);
    if (digit !== null) return `${prefix}-${ten.slice(2)}-${digit}`;
  }
}

export interface DemoUser {
  username: string;
  password: string;
  roles: string[];
  /** Who the user is in the demo. */
  who: string;
}

export interface SeedResult {
  seeded: boolean;
  message: string;
  counts: Record<string, number>;
  users: DemoUser[];
}

type Row = Record<string, unknown>;

// ---------------------------------------------------------------------------------------------- data

const RUBROS: { nombre: string; hijos: string[] }[] = [
  { nombre: 'Construcción', hijos: ['Cementos y cales', 'Áridos y ladrillos', 'Hierros y mallas'] },
  { nombre: 'Ferretería', hijos: ['Tornillería y fijaciones', 'Herramientas manuales', 'Herramientas eléctricas'] },
  { nombre: 'Pinturería', hijos: ['Pinturas', 'Accesorios de pintura'] },
  { nombre: 'Electricidad', hijos: ['Cables', 'Iluminación y tomas'] },
  { nombre: 'Plomería', hijos: ['Caños y conexiones', 'Grifería'] },
  { nombre: 'Servicios', hijos: [] },
  { nombre: 'Valores', hijos: [] },
];

const PUESTOS = [
  {
    nombre: 'Gerente general',
    area: 'Dirección',
    descripcion: 'Conduce la empresa, define precios y compras mayores.',
    competencias: [{ nombre: 'Liderazgo', nivel_requerido: 5 }, { nombre: 'Negociación', nivel_requerido: 4 }],
  },
  {
    nombre: 'Administrativo contable',
    area: 'Administración',
    descripcion: 'Facturación, cobranzas, pagos a proveedores e impuestos.',
    competencias: [{ nombre: 'Liquidación de IVA', nivel_requerido: 4 }, { nombre: 'Planillas de cálculo', nivel_requerido: 3 }],
  },
  {
    nombre: 'Vendedor de salón',
    area: 'Ventas',
    descripcion: 'Atiende el mostrador, arma presupuestos y pedidos.',
    competencias: [{ nombre: 'Atención al cliente', nivel_requerido: 4 }, { nombre: 'Conocimiento de productos', nivel_requerido: 3 }],
  },
  {
    nombre: 'Encargado de depósito',
    area: 'Logística',
    descripcion: 'Recepción de mercadería, stock, preparación de pedidos y fletes.',
    competencias: [{ nombre: 'Control de stock', nivel_requerido: 4 }, { nombre: 'Manejo de autoelevador', nivel_requerido: 2 }],
  },
].map((p) => ({ ...p, niveles: [{ nombre: 'Inicial', orden: 1 }, { nombre: 'Intermedio', orden: 2 }, { nombre: 'Avanzado', orden: 3 }] }));

interface Party {
  razon_social?: string;
  nombre?: string;
  apellido?: string;
  cuit: [prefix: string, number: number];
  condicion_iva: string;
  calle: string;
  numero: string;
  localidad: string;
  email: string;
  telefono: string;
  contacto?: string;
}

const CLIENTES: Party[] = [
  { razon_social: 'Constructora Andina S.A.', cuit: ['30', 71234560], condicion_iva: 'responsable_inscripto', calle: 'Av. Colón', numero: '540', localidad: 'Mendoza', email: 'compras@constructoraandina.com.ar', telefono: '261 429-1180', contacto: 'Ing. Raúl Benegas' },
  { razon_social: 'Estudio Molina & Asociados', cuit: ['30', 71555120], condicion_iva: 'responsable_inscripto', calle: 'Patricias Mendocinas', numero: '1215', localidad: 'Mendoza', email: 'obra@estudiomolina.com.ar', telefono: '261 425-3390', contacto: 'Arq. Verónica Molina' },
  { razon_social: 'Cooperativa de Vivienda Los Álamos Ltda.', cuit: ['30', 70891230], condicion_iva: 'exento', calle: 'Carril Godoy Cruz', numero: '2890', localidad: 'Guaymallén', email: 'administracion@losalamos.coop', telefono: '261 431-7765' },
  { razon_social: 'Inmobiliaria Cuyo S.R.L.', cuit: ['30', 71002345], condicion_iva: 'responsable_inscripto', calle: 'San Martín', numero: '1102', localidad: 'Godoy Cruz', email: 'mantenimiento@inmocuyo.com.ar', telefono: '261 424-5521' },
  { razon_social: 'Hotel Aconcagua S.A.', cuit: ['33', 50987650], condicion_iva: 'responsable_inscripto', calle: 'San Lorenzo', numero: '545', localidad: 'Mendoza', email: 'compras@hotelaconcagua.com.ar', telefono: '261 520-0500', contacto: 'Sr. Esteban Ruiz' },
  { razon_social: 'Bodega Tres Valles S.A.', cuit: ['30', 68712340], condicion_iva: 'responsable_inscripto', calle: 'Ruta Provincial 15 km', numero: '32', localidad: 'Luján de Cuyo', email: 'proveedores@trevalles.com.ar', telefono: '261 498-2210' },
  { razon_social: 'Colegio San José', cuit: ['30', 54678900], condicion_iva: 'exento', calle: 'Paso de los Andes', numero: '1820', localidad: 'Mendoza', email: 'intendencia@colegiosanjose.edu.ar', telefono: '261 423-8812' },
  { razon_social: 'Talleres Metalúrgicos Guaymallén S.R.L.', cuit: ['30', 70456780], condicion_iva: 'responsable_inscripto', calle: 'Mitre', numero: '3440', localidad: 'Guaymallén', email: 'compras@tmg.com.ar', telefono: '261 445-6601' },
  { nombre: 'Juan Carlos', apellido: 'Videla', cuit: ['20', 17456123], condicion_iva: 'monotributo', calle: 'Belgrano', numero: '780', localidad: 'Maipú', email: 'jcvidela.construcciones@gmail.com', telefono: '261 15 455-1234' },
  { nombre: 'María Laura', apellido: 'Ponce', cuit: ['27', 28345678], condicion_iva: 'consumidor_final', calle: 'Lamadrid', numero: '1344', localidad: 'Godoy Cruz', email: 'mlponce@hotmail.com', telefono: '261 15 512-9876' },
  { nombre: 'Roberto', apellido: 'Quiroga', cuit: ['20', 22789456], condicion_iva: 'monotributo', calle: 'Sarmiento', numero: '455', localidad: 'Las Heras', email: 'quiroga.electricidad@gmail.com', telefono: '261 15 660-4411' },
  { nombre: 'Silvina', apellido: 'Ortiz', cuit: ['27', 31234567], condicion_iva: 'consumidor_final', calle: 'Rivadavia', numero: '92', localidad: 'Mendoza', email: 'silvi.ortiz@yahoo.com.ar', telefono: '261 15 478-3321' },
  { nombre: 'Diego', apellido: 'Funes', cuit: ['20', 25678123], condicion_iva: 'monotributo', calle: 'Paraguay', numero: '2230', localidad: 'Guaymallén', email: 'funes.plomeria@gmail.com', telefono: '261 15 699-0022' },
  { nombre: 'Ana Belén', apellido: 'Lucero', cuit: ['27', 35987654], condicion_iva: 'consumidor_final', calle: 'Tiburcio Benegas', numero: '870', localidad: 'Mendoza', email: 'anabelen.lucero@gmail.com', telefono: '261 15 534-7788' },
  { nombre: 'Pablo', apellido: 'Aguirre', cuit: ['20', 30111222], condicion_iva: 'monotributo', calle: 'Perú', numero: '1560', localidad: 'Mendoza', email: 'pablo.aguirre.pintor@gmail.com', telefono: '261 15 620-1357' },
];

const PROVEEDORES: Party[] = [
  { razon_social: 'Cementera del Sur S.A.', cuit: ['30', 50123450], condicion_iva: 'responsable_inscripto', calle: 'Acceso Sur km', numero: '14', localidad: 'Luján de Cuyo', email: 'ventas@cementeradelsur.com.ar', telefono: '261 496-1000', contacto: 'Mariana Giménez' },
  { razon_social: 'Aceros Cuyanos S.A.', cuit: ['30', 60987120], condicion_iva: 'responsable_inscripto', calle: 'Carril Rodríguez Peña', numero: '2450', localidad: 'Maipú', email: 'comercial@aceroscuyanos.com.ar', telefono: '261 497-3300' },
  { razon_social: 'Pinturas del Oeste S.R.L.', cuit: ['30', 69876540], condicion_iva: 'responsable_inscripto', calle: 'Av. Acceso Este', numero: '3120', localidad: 'Guaymallén', email: 'pedidos@pinturasdeloeste.com.ar', telefono: '261 421-7788' },
  { razon_social: 'Distribuidora Eléctrica Mendoza S.A.', cuit: ['30', 70234980], condicion_iva: 'responsable_inscripto', calle: 'Gral. Paz', numero: '455', localidad: 'Mendoza', email: 'ventas@demsa.com.ar', telefono: '261 423-4567' },
  { razon_social: 'Herramientas Rivadavia S.R.L.', cuit: ['30', 71098760], condicion_iva: 'responsable_inscripto', calle: 'Av. Rivadavia', numero: '6120', localidad: 'Ciudad Autónoma de Buenos Aires', email: 'mayorista@herramientasrivadavia.com.ar', telefono: '011 4631-2200' },
  { razon_social: 'Plásticos y Conexiones Maipú S.A.', cuit: ['33', 70665430], condicion_iva: 'responsable_inscripto', calle: 'Ozamis', numero: '1870', localidad: 'Maipú', email: 'ventas@pcmaipu.com.ar', telefono: '261 497-8800' },
  { razon_social: 'Áridos Luján S.R.L.', cuit: ['30', 71345670], condicion_iva: 'responsable_inscripto', calle: 'Costanera del Río Mendoza', numero: 's/n', localidad: 'Luján de Cuyo', email: 'despacho@aridoslujan.com.ar', telefono: '261 498-5544' },
  { nombre: 'Héctor', apellido: 'Lavalle', cuit: ['20', 20456789], condicion_iva: 'monotributo', calle: 'Lavalle', numero: '230', localidad: 'Las Heras', email: 'fletes.lavalle@gmail.com', telefono: '261 15 400-2020' },
];

interface Employee {
  nombre: string;
  apellido: string;
  dni: number;
  prefix: string;
  puesto: string;
  legajo: string;
  ingreso: string;
  user: DemoUser;
}

const EMPLEADOS: Employee[] = [
  { nombre: 'Lucía', apellido: 'Fernández', dni: 24567890, prefix: '27', puesto: 'Gerente general', legajo: '001', ingreso: '2009-03-02 00:00:00', user: { username: 'lucia.fernandez', password: 'Demo-Root1!', roles: [ROLES.ROOT, ROLES.USER], who: 'gerente general (ROOT)' } },
  { nombre: 'Martín', apellido: 'Sosa', dni: 29876543, prefix: '20', puesto: 'Administrativo contable', legajo: '004', ingreso: '2014-08-01 00:00:00', user: { username: 'martin.sosa', password: 'Demo-Admin2!', roles: [ROLES.ADMIN, ROLES.USER], who: 'administrativo (ADMIN)' } },
  { nombre: 'Carla', apellido: 'Ríos', dni: 36123987, prefix: '27', puesto: 'Vendedor de salón', legajo: '011', ingreso: '2019-02-11 00:00:00', user: { username: 'carla.rios', password: 'Demo-User1!', roles: [ROLES.USER], who: 'vendedora (USER)' } },
  { nombre: 'Jorge', apellido: 'Páez', dni: 27345612, prefix: '20', puesto: 'Encargado de depósito', legajo: '007', ingreso: '2016-05-16 00:00:00', user: { username: 'jorge.paez', password: 'Demo-User2!', roles: [ROLES.USER], who: 'encargado de depósito (USER)' } },
];

interface Article {
  codigo: string;
  nombre: string;
  rubro: string;
  unidad: string;
  precio: number;
  stock?: number;
  iva?: number;
  proveedor?: string;
  descripcion?: string;
  especificaciones?: Row[];
  componentes?: [codigo: string, cantidad: number][];
  servicio?: boolean;
  /** A wallet article (spec §3): cheques received, or made-to-measure pieces; kept at these locations. */
  cheque?: boolean;
  aMedida?: boolean;
  ubicaciones?: string[];
}

const ARTICULOS: Article[] = [
  { codigo: 'CEM-050', nombre: 'Cemento portland 50 kg', rubro: 'Cementos y cales', unidad: 'bolsa', precio: 9800, stock: 420, proveedor: 'Cementera del Sur S.A.' },
  { codigo: 'CAL-025', nombre: 'Cal hidratada 25 kg', rubro: 'Cementos y cales', unidad: 'bolsa', precio: 4200, stock: 260, proveedor: 'Cementera del Sur S.A.' },
  { codigo: 'CEM-ALB40', nombre: 'Cemento de albañilería 40 kg', rubro: 'Cementos y cales', unidad: 'bolsa', precio: 7100, stock: 180, proveedor: 'Cementera del Sur S.A.' },
  { codigo: 'PEG-030', nombre: 'Pegamento para cerámicos 30 kg', rubro: 'Cementos y cales', unidad: 'bolsa', precio: 8900, stock: 95 },
  { codigo: 'ARE-M3', nombre: 'Arena gruesa', rubro: 'Áridos y ladrillos', unidad: 'm3', precio: 38000, stock: 40, proveedor: 'Áridos Luján S.R.L.' },
  { codigo: 'PIE-M3', nombre: 'Piedra partida 6-20', rubro: 'Áridos y ladrillos', unidad: 'm3', precio: 52000, stock: 25, proveedor: 'Áridos Luján S.R.L.' },
  { codigo: 'LAD-COM', nombre: 'Ladrillo común', rubro: 'Áridos y ladrillos', unidad: 'unidad', precio: 210, stock: 12000 },
  { codigo: 'LAD-H12', nombre: 'Ladrillo hueco 12 x 18 x 33', rubro: 'Áridos y ladrillos', unidad: 'unidad', precio: 690, stock: 3500 },
  {
    codigo: 'HIE-08', nombre: 'Hierro nervado 8 mm x 12 m', rubro: 'Hierros y mallas', unidad: 'barra', precio: 11500, stock: 600, proveedor: 'Aceros Cuyanos S.A.',
    especificaciones: [{ nombre: 'Diámetro', cuantitativa: true, unidad: 'mm', minimo: 7.8, maximo: 8.2, valor_objetivo: 8 }],
  },
  {
    codigo: 'HIE-10', nombre: 'Hierro nervado 10 mm x 12 m', rubro: 'Hierros y mallas', unidad: 'barra', precio: 17800, stock: 450, proveedor: 'Aceros Cuyanos S.A.',
    especificaciones: [{ nombre: 'Diámetro', cuantitativa: true, unidad: 'mm', minimo: 9.8, maximo: 10.2, valor_objetivo: 10 }],
  },
  { codigo: 'MAL-15', nombre: 'Malla soldada 15 x 15 cm, 4,2 mm', rubro: 'Hierros y mallas', unidad: 'panel', precio: 46000, stock: 60, proveedor: 'Aceros Cuyanos S.A.' },
  { codigo: 'ALA-16', nombre: 'Alambre de atar N° 16', rubro: 'Hierros y mallas', unidad: 'kg', precio: 4800, stock: 150 },
  { codigo: 'TOR-AP8', nombre: 'Tornillo autoperforante 8 x 1" (caja x 100)', rubro: 'Tornillería y fijaciones', unidad: 'caja', precio: 6300, stock: 80 },
  { codigo: 'TAR-08', nombre: 'Tarugo de nylon 8 mm (caja x 100)', rubro: 'Tornillería y fijaciones', unidad: 'caja', precio: 3900, stock: 110 },
  { codigo: 'CLA-2', nombre: 'Clavo punta París 2"', rubro: 'Tornillería y fijaciones', unidad: 'kg', precio: 5200, stock: 70 },
  { codigo: 'HER-MAR', nombre: 'Martillo de carpintero 27 mm', rubro: 'Herramientas manuales', unidad: 'unidad', precio: 15400, stock: 24, proveedor: 'Herramientas Rivadavia S.R.L.' },
  { codigo: 'HER-CIN5', nombre: 'Cinta métrica 5 m', rubro: 'Herramientas manuales', unidad: 'unidad', precio: 8700, stock: 40, proveedor: 'Herramientas Rivadavia S.R.L.' },
  { codigo: 'HER-PAL', nombre: 'Pala ancha con cabo de madera', rubro: 'Herramientas manuales', unidad: 'unidad', precio: 21900, stock: 18 },
  { codigo: 'HER-CAR90', nombre: 'Carretilla 90 L rueda maciza', rubro: 'Herramientas manuales', unidad: 'unidad', precio: 98000, stock: 9 },
  { codigo: 'ELE-TAL650', nombre: 'Taladro percutor 650 W', rubro: 'Herramientas eléctricas', unidad: 'unidad', precio: 89000, stock: 12, proveedor: 'Herramientas Rivadavia S.R.L.' },
  { codigo: 'ELE-AMO115', nombre: 'Amoladora angular 115 mm 850 W', rubro: 'Herramientas eléctricas', unidad: 'unidad', precio: 76000, stock: 10, proveedor: 'Herramientas Rivadavia S.R.L.' },
  { codigo: 'ELE-DIS115', nombre: 'Disco de corte para metal 115 mm', rubro: 'Herramientas eléctricas', unidad: 'unidad', precio: 1900, stock: 300 },
  {
    codigo: 'PIN-LAT20', nombre: 'Látex interior 20 L', rubro: 'Pinturas', unidad: 'balde', precio: 112000, stock: 35, proveedor: 'Pinturas del Oeste S.R.L.',
    especificaciones: [{ nombre: 'Color', cualitativa: true, valores_posibles: 'Blanco\nBlanco mate\nBlanco tiza' }, { nombre: 'Rendimiento', cuantitativa: true, unidad: 'm2/L', minimo: 8, maximo: 12, valor_objetivo: 10 }],
  },
  { codigo: 'PIN-ESM1N', nombre: 'Esmalte sintético negro 1 L', rubro: 'Pinturas', unidad: 'lata', precio: 18500, stock: 48, proveedor: 'Pinturas del Oeste S.R.L.' },
  { codigo: 'PIN-ROD22', nombre: 'Rodillo de lana 22 cm', rubro: 'Accesorios de pintura', unidad: 'unidad', precio: 9400, stock: 60 },
  { codigo: 'PIN-PIN20', nombre: 'Pincel N° 20', rubro: 'Accesorios de pintura', unidad: 'unidad', precio: 3600, stock: 90 },
  {
    codigo: 'ELC-CAB25', nombre: 'Cable unipolar 2,5 mm² (rollo 100 m)', rubro: 'Cables', unidad: 'rollo', precio: 64000, stock: 30, proveedor: 'Distribuidora Eléctrica Mendoza S.A.',
    especificaciones: [{ nombre: 'Sección', cuantitativa: true, unidad: 'mm²', minimo: 2.4, maximo: 2.6, valor_objetivo: 2.5 }, { nombre: 'Norma', descriptiva: true }],
  },
  { codigo: 'ELC-LED12', nombre: 'Lámpara LED 12 W luz fría', rubro: 'Iluminación y tomas', unidad: 'unidad', precio: 2900, stock: 240, proveedor: 'Distribuidora Eléctrica Mendoza S.A.' },
  { codigo: 'ELC-TOM10', nombre: 'Tomacorriente doble 10 A', rubro: 'Iluminación y tomas', unidad: 'unidad', precio: 5600, stock: 75 },
  { codigo: 'PLO-TF20', nombre: 'Caño de termofusión 20 mm x 4 m', rubro: 'Caños y conexiones', unidad: 'unidad', precio: 7400, stock: 140, proveedor: 'Plásticos y Conexiones Maipú S.A.' },
  { codigo: 'PLO-FLX40', nombre: 'Flexible mallado 1/2" x 40 cm', rubro: 'Caños y conexiones', unidad: 'unidad', precio: 4300, stock: 85, proveedor: 'Plásticos y Conexiones Maipú S.A.' },
  { codigo: 'PLO-CAN12', nombre: 'Canilla esférica 1/2"', rubro: 'Grifería', unidad: 'unidad', precio: 12800, stock: 36 },
  {
    codigo: 'KIT-BANO', nombre: 'Kit de instalación de agua para baño', rubro: 'Caños y conexiones', unidad: 'kit', precio: 79000,
    descripcion: 'Caños, flexibles y llaves de paso para un baño completo.',
    componentes: [['PLO-TF20', 6], ['PLO-FLX40', 3], ['PLO-CAN12', 2]],
  },
  {
    codigo: 'KIT-PINT', nombre: 'Kit de pintura para ambiente', rubro: 'Accesorios de pintura', unidad: 'kit', precio: 121000,
    descripcion: 'Látex de 20 L con rodillo y pincel.',
    componentes: [['PIN-LAT20', 1], ['PIN-ROD22', 1], ['PIN-PIN20', 1]],
  },
  { codigo: 'SER-FLETE', nombre: 'Flete local (hasta 10 km)', rubro: 'Servicios', unidad: 'servicio', precio: 25000, servicio: true },
  { codigo: 'CHQ-3RO', nombre: 'Cheque de terceros', rubro: 'Valores', unidad: 'cheque', precio: 0, iva: 0, cheque: true, ubicaciones: ['Caja'] },
  {
    codigo: 'VID-4MM', nombre: 'Vidrio float 4 mm a medida', rubro: 'Construcción', unidad: 'm2', precio: 26000, aMedida: true, ubicaciones: ['Depósito central'],
    descripcion: 'Cortado a medida: cada pieza recibida queda en la cartera de ítems a medida.',
  },
];

const SECUENCIAS = [
  { nombre: 'facturas', prefijo: 'FA-0001-', relleno_ceros: 8, proximo_valor: 1, reinicio_anual: false },
  { nombre: 'remitos', prefijo: 'RE-0001-', relleno_ceros: 8, proximo_valor: 1, reinicio_anual: false },
  { nombre: 'pedidos', prefijo: 'PED-', relleno_ceros: 6, proximo_valor: 1, reinicio_anual: true },
];

// ---------------------------------------------------------------------------------------------- seed

async function countRows(db: Kysely<any>, table: string, where: (q: any) => any = (q) => q): Promise<number> {
  const { n } = await where(db.selectFrom(table).select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))).executeTakeFirstOrThrow();
  return Number(n);
}

async function counts(db: Kysely<any>): Promise<Record<string, number>> {
  const perTipo = async (tipo: string) =>
    Number((await db.selectFrom('perfil').select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n')).where('tipo', '=', tipo).executeTakeFirstOrThrow()).n);
  return {
    categorias: await countRows(db, 'categoria'),
    articulos: await countRows(db, 'articulo'),
    clientes: await perTipo('clientes'),
    proveedores: await perTipo('proveedores'),
    empleados: await perTipo('empleados'),
    puestos: await countRows(db, 'puesto'),
    secuencias: await countRows(db, 'secuencia'),
    empresas: await countRows(db, 'empresa'),
    usuarios: await countRows(db, 'usuario'),
    procesos: await countRows(db, 'proceso'),
    actividades: await countRows(db, 'actividad'),
    instructivos: await countRows(db, 'instructivo'),
    tareas: await countRows(db, 'tarea'),
    flujos: await countRows(db, 'flujo'),
    registros: await countRows(db, 'registro'),
    movimientos: await countRows(db, 'stock_movimiento'),
  };
}

function partyRecord(p: Party, tipo: string, identificador: string): Row {
  const person = !p.razon_social;
  return {
    tipo,
    identificador,
    ...(person ? { nombre: p.nombre, apellido: p.apellido, tipo_documento: 'DNI', numero_documento: String(p.cuit[1]) } : { razon_social: p.razon_social, nombre: p.razon_social }),
    calle: p.calle,
    numero: p.numero,
    localidad: p.localidad,
    provincia: p.localidad === 'Ciudad Autónoma de Buenos Aires' ? 'Ciudad Autónoma de Buenos Aires' : 'Mendoza',
    pais: 'Argentina',
    activo: true,
    datos_fiscales: {
      cuit: demoCuit(p.cuit[0], p.cuit[1]),
      condicion_iva: p.condicion_iva,
      domicilio_fiscal: `${p.calle} ${p.numero}, ${p.localidad}`,
      provincia: p.localidad === 'Ciudad Autónoma de Buenos Aires' ? 'Ciudad Autónoma de Buenos Aires' : 'Mendoza',
      email_factura: p.email,
    },
    contactos: [{ nombre: p.contacto ?? (person ? `${p.nombre} ${p.apellido}` : 'Administración'), email: p.email, telefono: p.telefono, tipo: 'principal' }],
  };
}

/**
 * Fills the database behind `handle` (already built) through its API. Does nothing when business data is
 * there. Throws when a call fails (the message names it).
 */
export async function seedDemo(handle: ServerHandle): Promise<SeedResult> {
  const { app, config } = handle;
  const db = handle.db as unknown as Kysely<any>;

  const existing: string[] = [];
  for (const table of BUSINESS_TABLES) {
    // the server's own seeds (the default numbering of records) are not business data
    const n = table === 'secuencia' ? await countRows(db, table, (q) => q.where('nombre', '<>', DEFAULT_SEQUENCE)) : await countRows(db, table);
    if (n > 0) existing.push(`${n} ${table}`);
  }
  if (existing.length)
    return {
      seeded: false,
      message: `The database already holds data (${existing.join(', ')}): seed:demo only fills an empty database. Nothing was changed.`,
      counts: await counts(db),
      users: [],
    };

  const admin = await db
    .selectFrom('usuario')
    .select(['id', 'username', 'roles', 'password_hash'])
    .where('enabled', '=', true)
    .where(sql<boolean>`${ROLES.ADMIN} = any(roles)`)
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) return { seeded: false, message: 'No enabled user with ROLE_ADMIN to write the demo data as. Nothing was changed.', counts: await counts(db), users: [] };
  // a session of its own, ended when the seed is done (access tokens name a live session)
  const session = await startFamily(handle.db, admin.id, false);
  const token = await accessTokens(await loadJwtSecret(handle.db, config.jwtSecret)).sign({ id: admin.id, username: admin.username, roles: admin.roles, session: session.family });

  async function call(url: string, body: Row): Promise<Row> {
    const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload: body, headers: { authorization: `Bearer ${token}` } });
    if (res.statusCode !== 200) throw new Error(`seed:demo: ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json() as Row;
  }
  const save = async (entity: string, body: Row) => (await call(`${entity}/save`, body)).id as number;

  // categories: the article rubros tree (perfil_tipo is seeded by the server itself)
  const rubro = new Map<string, number>();
  let orden = 0;
  for (const r of RUBROS) {
    const parent = await save('categoria', { tipo: 'rubro', grupo: 'articulos', nombre: r.nombre, orden: ++orden });
    rubro.set(r.nombre, parent);
    let sub = 0;
    for (const h of r.hijos) rubro.set(h, await save('categoria', { tipo: 'rubro', grupo: 'articulos', nombre: h, parentid: parent, orden: ++sub }));
  }

  const puesto = new Map<string, number>();
  for (const p of PUESTOS) puesto.set(p.nombre, await save('puesto', p));

  await save('empresa', {
    nombre: 'El Hornero',
    razon_social: 'Distribuidora El Hornero S.R.L.',
    cuit: demoCuit('30', 71589230),
    condicion_iva: 'responsable_inscripto',
    direccion: 'Av. San Martín 1450',
    localidad: 'Mendoza',
    provincia: 'Mendoza',
    codigo_postal: 'M5500',
    telefono: '261 423-5567',
    email: 'ventas@elhornero.com.ar',
  });

  const secuencia = new Map<string, number>();
  for (const s of SECUENCIAS) secuencia.set(s.nombre, await save('secuencia', s.reinicio_anual ? { ...s, anio_actual: new Date().getFullYear() } : s));

  const proveedor = new Map<string, number>();
  for (const [i, p] of PROVEEDORES.entries())
    proveedor.set(p.razon_social ?? `${p.nombre} ${p.apellido}`, await save('perfil', partyRecord(p, 'proveedores', `PRO-${String(i + 1).padStart(4, '0')}`)));
  const cliente = new Map<string, number>();
  for (const [i, c] of CLIENTES.entries())
    cliente.set(
      c.razon_social ?? `${c.nombre} ${c.apellido}`,
      await save('perfil', { ...partyRecord(c, 'clientes', `CLI-${String(i + 1).padStart(4, '0')}`), tipo_precio: c.razon_social ? 'Mayorista' : 'Minorista', zona: c.localidad }),
    );

  const empleado = new Map<string, number>();
  for (const [i, e] of EMPLEADOS.entries())
    empleado.set(e.user.username, await save('perfil', {
      tipo: 'empleados',
      identificador: `EMP-${String(i + 1).padStart(4, '0')}`,
      nombre: e.nombre,
      apellido: e.apellido,
      tipo_documento: 'DNI',
      numero_documento: String(e.dni),
      localidad: 'Mendoza',
      provincia: 'Mendoza',
      pais: 'Argentina',
      activo: true,
      datos_fiscales: { cuit: demoCuit(e.prefix, e.dni), condicion_iva: 'consumidor_final' },
      empleado: { legajo: e.legajo, puesto: puesto.get(e.puesto), area: PUESTOS.find((p) => p.nombre === e.puesto)!.area, nacionalidad: 'argentina', fecha_ingreso: e.ingreso },
      contactos: [{ nombre: `${e.nombre} ${e.apellido}`, email: `${e.user.username}@elhornero.com.ar`, tipo: 'laboral' }],
      usuario: { username: e.user.username, password: e.user.password, roles: e.user.roles },
    }));

  const articulo = new Map<string, number>();
  for (const a of ARTICULOS) {
    const record: Row = {
      nombre: a.nombre,
      codigo_interno: a.codigo,
      categoria: rubro.get(a.rubro),
      unidad_medida: a.unidad,
      activo: true,
      alicuota_iva: a.iva ?? 21,
      es_servicio: a.servicio ?? false,
      es_compuesto: Boolean(a.componentes),
      es_cheque: a.cheque ?? false,
      es_a_medida: a.aMedida ?? false,
      ...(a.ubicaciones ? { ubicaciones: a.ubicaciones.map((nombre) => ({ nombre })) } : {}),
      ...(a.descripcion ? { descripcion: a.descripcion } : {}),
      listas_precio: [
        { lista: 'Minorista', precio: a.precio, moneda: 'ARS' },
        { lista: 'Mayorista', precio: Math.round(a.precio * 0.9 * 100) / 100, moneda: 'ARS' },
      ],
      ...(a.stock !== undefined
        ? {
            punto_reposicion: Math.ceil(a.stock * 0.2),
            stock_seguridad: Math.ceil(a.stock * 0.1),
            stock_objetivo: a.stock,
            // the quantities are the ledger's: opening movements, right after the article is saved
            ubicaciones: DEMO_PLACES.map((nombre) => ({ nombre })),
          }
        : {}),
      ...(a.especificaciones ? { especificaciones: a.especificaciones } : {}),
      ...(a.componentes ? { componentes: a.componentes.map(([codigo, cantidad]) => ({ articulo: articulo.get(codigo), cantidad })) } : {}),
      ...(a.proveedor ? { interesados: [{ perfil: proveedor.get(a.proveedor), rol: 'proveedor habitual' }] } : {}),
    };
    articulo.set(a.codigo, await save('articulo', record));
    if (a.stock) await openingStock(call, articulo.get(a.codigo)!, a.stock);
  }

  // the procurement process and its flow (scripts/seed-demo-compras.ts)
  await seedProcurement(call, { puesto, empleado });
  // instructives and tasks: the installation service (scripts/seed-demo-tasks.ts)
  await seedDemoTasks(call);
  // ---- sales: process, verified flow "Ventas" and orders along it (scripts/seed-demo-sales.ts)
  const tokens = new Map<string, string>();
  const callAs = async (username: string, url: string, body: Row): Promise<Row> => {
    let bearer = tokens.get(username);
    if (!bearer) {
      const who = EMPLEADOS.find((e) => e.user.username === username)!.user;
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password: who.password } });
      if (login.statusCode !== 200) throw new Error(`seed:demo: login of ${username} answered ${login.statusCode}: ${login.body}`);
      tokens.set(username, (bearer = (login.json() as { access_token: string }).access_token));
    }
    const res = await app.inject({ method: 'POST', url: `/api/${url}`, payload: body, headers: { authorization: `Bearer ${bearer}` } });
    if (res.statusCode !== 200) throw new Error(`seed:demo: ${url} as ${username} answered ${res.statusCode}: ${res.body}`);
    return res.json() as Row;
  };
  await seedSales({ call, callAs, puesto, articulo, cliente, secuencia });

  // stock: a flow whose records receive, reserve and deliver goods and a cheque (scripts/seed-demo-stock.ts)
  await seedStockFlow(call, {
    articulo,
    puesto,
    cliente: cliente.get('Constructora Andina S.A.')!,
    proveedor: proveedor.get('Cementera del Sur S.A.')!,
    pedidos: secuencia.get('pedidos')!,
  });

  const adminIsDemo = await verifyPassword(DEMO_ADMIN_PASSWORD, admin.password_hash);
  const users: DemoUser[] = [
    ...(adminIsDemo ? [{ username: admin.username, password: DEMO_ADMIN_PASSWORD, roles: admin.roles, who: 'first administrator' }] : []),
    ...EMPLEADOS.map((e) => e.user),
  ];
  await revokeFamily(handle.db, session.family);
  return { seeded: true, message: 'Demo data loaded.', counts: await counts(db), users };
}

function report(result: SeedResult, target: string, adminName?: string): string {
  const lines = [result.message];
  if (!result.seeded) return lines.join('\n');
  const c = result.counts;
  lines.push(
    `Database: ${target}`,
    `${c.categorias} categories, ${c.articulos} articles, ${c.clientes} customers, ${c.proveedores} suppliers, ` +
      `${c.empleados} employees, ${c.puestos} job positions, ${c.secuencias} sequences, ${c.empresas} company record, ` +
      `${c.procesos} processes with ${c.actividades} activities, ` +
      `${c.instructivos} work instructions with ${c.tareas} tasks (of them and of installation orders), ` +
      `${c.flujos} verified flows, ${c.registros} records along them, ${c.movimientos} stock movements.`,
    '',
    'Users (username / password / roles):',
    ...result.users.map((u) => `  ${u.username.padEnd(17)} ${u.password.padEnd(14)} ${u.roles.join(', ').padEnd(36)} ${u.who}`),
  );
  if (adminName && !result.users.some((u) => u.username === adminName)) lines.push(`  ${adminName.padEnd(17)} (password unchanged)`);
  return lines.join('\n');
}

async function main() {
  const config = loadConfig();
  const handle = await buildServer({ ...config, logger: false, adminPassword: config.adminPassword ?? DEMO_ADMIN_PASSWORD });
  try {
    const result = await seedDemo(handle);
    const first = await handle.db.selectFrom('usuario').select('username').orderBy('id').executeTakeFirst();
    if (!result.seeded) {
      console.error(report(result, describeTarget(config), first?.username));
      process.exitCode = 2;
      return;
    }
    console.log(report(result, describeTarget(config), first?.username));
  } finally {
    await handle.close();
  }
}

const invoked = process.argv[1] ? pathToFileURL(path.resolve(process.argv[1])).href : '';
if (invoked === import.meta.url) {
  main().catch((err) => {
    console.error((err as Error).message ?? err);
    process.exit(1);
  });
}
