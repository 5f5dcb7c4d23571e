// The flow model designer: bpmn-js's Modeler (palette, canvas, context pad) with
// the properties panel (General, Documentation, and this product's own groups:
// assignment of user tasks, conditions of sequence flows; flowable-properties.ts).
// It is the model form's `xml` input: every change of the drawing is saved to XML
// and handed to the form; the form's model key and name are the process's id and
// name (the back end requires the key to be the process id; the name follows once
// it is changed, so a model opened and saved as it is keeps its XML). The XML tab edits
// the source directly. Loaded with the model form only (LazyBpmnDesigner.tsx).
import { useEffect, useRef, useState } from 'react';
import { Alert, Form, Input, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import Modeler from 'bpmn-js/lib/Modeler';
import { BpmnPropertiesPanelModule, BpmnPropertiesProviderModule } from 'bpmn-js-properties-panel';
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
// the icon font from files (the page's CSP refuses data: fonts)
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import '@bpmn-io/properties-panel/dist/assets/properties-panel.css';
import './flow.css';
import { FLOWABLE_MODDLE } from '../../../src-shared/flowable-moddle';
import type { CustomInputProps } from '../../crud/types';
import { FlowablePropertiesModule } from './flowable-properties';
import { designerTranslateModule } from './designer-translate';
import { newProcessXml } from './new-process';

const KEY_PATTERN = /^[A-Za-z_][\w-]*$/;

interface RootElement {
  id: string;
  type: string;
  businessObject: { id: string; name?: string };
}

interface Services {
  canvas: { getRootElement(): RootElement; zoom(level: string): void };
  modeling: { updateProperties(element: RootElement, properties: Record<string, unknown>): void };
  eventBus: { on(event: string, callback: () => void): void };
}

export default function BpmnDesigner({ id, value, onChange, disabled }: CustomInputProps) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance();
  const modelKey = Form.useWatch('modelKey', form) as string | undefined;
  const name = Form.useWatch('name', form) as string | undefined;
  const canvasHost = useRef<HTMLDivElement>(null);
  const panelHost = useRef<HTMLDivElement>(null);
  const modeler = useRef<Modeler | null>(null);
  /** the XML the drawing last produced (or imported): a value equal to it is not imported again */
  const lastXml = useRef<string | null>(null);
  /** the form's name when the drawing was imported: the process takes the name only once the operator changes it */
  const nameAtImport = useRef<string | undefined>(undefined);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'design' | 'xml'>('design');
  const latest = useRef({ onChange, modelKey, name, view });
  latest.current = { onChange, modelKey, name, view };
  const xmlText = typeof value === 'string' ? value : '';

  // one modeler per form (the language is the one the form opened in)
  useEffect(() => {
    const container = canvasHost.current;
    const parent = panelHost.current;
    if (!container || !parent) return;
    const m = new Modeler({
      container,
      propertiesPanel: { parent },
      additionalModules: [BpmnPropertiesPanelModule, BpmnPropertiesProviderModule, FlowablePropertiesModule, designerTranslateModule(i18n.language)],
      moddleExtensions: { flowable: FLOWABLE_MODDLE },
    });
    modeler.current = m;
    const services = { eventBus: m.get<Services['eventBus']>('eventBus') };
    services.eventBus.on('commandStack.changed', () => {
      void m.saveXML({ format: true }).then(({ xml }) => {
        // the XML tab is the source while it is shown
        if (xml === undefined || modeler.current !== m || latest.current.view !== 'design') return;
        lastXml.current = xml;
        latest.current.onChange?.(xml);
      });
    });
    setReady(true);
    return () => {
      modeler.current = null;
      lastXml.current = null;
      setReady(false);
      m.destroy();
    };
  }, [i18n.language]);

  // the form's value into the drawing: a new model starts from a start event named by the form's key
  useEffect(() => {
    const m = modeler.current;
    if (!ready || !m || view !== 'design') return;
    if (xmlText && xmlText === lastXml.current) return;
    const source = xmlText || newProcessXml(KEY_PATTERN.test(latest.current.modelKey ?? '') ? latest.current.modelKey! : 'Process_1', latest.current.name ?? '');
    let alive = true;
    m.importXML(source).then(
      () => {
        if (!alive) return;
        lastXml.current = source;
        nameAtImport.current = xmlText ? latest.current.name : undefined;
        setError(null);
        m.get<Services['canvas']>('canvas').zoom('fit-viewport');
        if (!xmlText) latest.current.onChange?.(source);
      },
      (err: unknown) => alive && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      alive = false;
    };
  }, [ready, xmlText, view]);

  // the form's key and name are the process's id and name
  useEffect(() => {
    const m = modeler.current;
    // only while the drawing is what the form holds (not while the XML tab is edited)
    if (!ready || !m || view !== 'design' || !lastXml.current || xmlText !== lastXml.current) return;
    const root = m.get<Services['canvas']>('canvas').getRootElement();
    if (root.type !== 'bpmn:Process') return;
    const props: Record<string, unknown> = {};
    if (modelKey && KEY_PATTERN.test(modelKey) && root.businessObject.id !== modelKey) props.id = modelKey;
    if (name !== undefined && name !== nameAtImport.current && name.trim() && (root.businessObject.name ?? '') !== name.trim()) props.name = name.trim();
    if (Object.keys(props).length > 0) m.get<Services['modeling']>('modeling').updateProperties(root, props);
  }, [ready, modelKey, name, xmlText, view]);

  return (
    <div className="flow-designer" data-testid="flow-designer">
      <Segmented
        size="small"
        value={view}
        onChange={(v) => setView(v as 'design' | 'xml')}
        options={[
          { value: 'design', label: t('flow.designer.design') },
          { value: 'xml', label: t('flow.designer.source') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {error && view === 'design' && <Alert type="error" showIcon message={t('flow.designer.importFailed')} description={error} style={{ marginBottom: 8 }} />}
      <div className="flow-designer-body" hidden={view !== 'design'} aria-disabled={disabled}>
        <div ref={canvasHost} className="flow-designer-canvas" role="application" aria-label={t('flow.designer.canvas')} />
        <div ref={panelHost} className="flow-designer-panel" aria-label={t('flow.designer.properties')} />
      </div>
      {view === 'xml' && <Input.TextArea id={id} value={xmlText} rows={22} spellCheck={false} disabled={disabled} style={{ fontFamily: 'monospace', fontSize: 12 }} onChange={(e) => onChange?.(e.target.value)} aria-label={t('flow.xml')} />}
    </div>
  );
}
