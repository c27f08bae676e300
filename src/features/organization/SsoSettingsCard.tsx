import { useEffect, useState, type FormEvent } from 'react';
import { Button, FieldError, Form, Input, Label, ListBox, ListBoxItem, Popover, Radio, RadioGroup, Select, SelectValue, Switch, Text, TextArea, TextField } from 'react-aria-components';
import {
  OIDC_PRESET_ISSUERS,
  type JitRole,
  type OidcPreset,
  type OidcSettings,
  type SamlSettings,
  type SsoDomain,
  type SsoDomainMethod,
  type SsoGroupMapping,
  type SsoGroupMappings,
} from '../../../domain/contracts/sso';
import { useAction, useSection } from '../../hooks/resources';
import { useTranslation } from '../../hooks/translation';
import { FormAlert, FormDone, useFormCheck } from '../forms/formParts';

const PRESETS: readonly OidcPreset[] = ['entra', 'google', 'okta', 'custom'];

/** Organisation settings → Single sign-on (administrator only): the provider, then the domains it serves. */
export const SsoSettingsCard = () => {
  const { t } = useTranslation();
  const settings = useSection('ssoSettings');
  const saml = useSection('samlSettings');
  const [kind, setKind] = useState<'oidc' | 'saml' | undefined>(undefined);
  // The kind saved last, until the administrator picks the other one to set up.
  const shownKind = kind ?? (saml.data?.active ? 'saml' : 'oidc');
  return (
    <section className="card stack" aria-labelledby="sso-settings-heading">
      <h2 id="sso-settings-heading">{t('sso_settings_title')}</h2>
      <p className="muted">{t('sso_settings_help')}</p>
      {settings.status === 'error' && (
        <p role="alert" className="form-error">
          {t(settings.message ?? 'unknown_error')}
        </p>
      )}
      {settings.data ? (
        <>
          {saml.data && (
            <RadioGroup value={shownKind} onChange={(value) => setKind(value as 'oidc' | 'saml')} orientation="horizontal" className="field">
              <Label>{t('sso_kind')}</Label>
              <Radio value="oidc">{t('sso_kind_oidc')}</Radio>
              <Radio value="saml">{t('sso_kind_saml')}</Radio>
            </RadioGroup>
          )}
          {shownKind === 'saml' && saml.data ? <SamlForm settings={saml.data} /> : <ProviderForm settings={settings.data} />}
          <DomainList domains={settings.data.domains} />
          <AddDomainForm />
          {(settings.data.configured || saml.data?.active === true) && <GroupMappingsSection />}
        </>
      ) : (
        settings.status !== 'error' && <p aria-busy="true">{t('loading')}</p>
      )}
    </section>
  );
};

const ProviderForm = ({ settings }: { settings: OidcSettings }) => {
  const { t } = useTranslation();
  const save = useAction('saveSsoSettings');
  const check = useFormCheck(save.state);
  const [preset, setPreset] = useState<OidcPreset>(settings.preset);
  const [issuer, setIssuer] = useState(settings.issuer_url);
  const [clientId, setClientId] = useState(settings.client_id);
  const [clientSecret, setClientSecret] = useState('');
  const [required, setRequired] = useState(settings.sso_required);
  const [jitAllowed, setJitAllowed] = useState(settings.jit_allowed);
  const [jitRole, setJitRole] = useState<JitRole>(settings.jit_role);
  // A saved secret is not typed again: the field empties once the save went through.
  useEffect(() => {
    if (save.state.status === 'done') setClientSecret('');
  }, [save.state.status]);

  const choosePreset = (next: OidcPreset) => {
    setPreset(next);
    // A preset fills the issuer's pattern only where nothing of the administrator's would be lost.
    if (issuer.trim() === '' || PRESETS.some((known) => OIDC_PRESET_ISSUERS[known] === issuer)) setIssuer(OIDC_PRESET_ISSUERS[next]);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.submit({
      preset,
      issuer_url: issuer.trim(),
      client_id: clientId.trim(),
      client_secret: clientSecret === '' ? undefined : clientSecret,
      sso_required: required,
      jit_allowed: jitAllowed,
      jit_role: jitRole,
    });
  };

  return (
    <Form {...check.formProps} onSubmit={submit} className="stack" aria-labelledby="sso-provider-heading">
      <h3 id="sso-provider-heading">{t('sso_provider')}</h3>
      <FormAlert status={save.state} />
      <FormDone status={save.state} text={t('saved')} />
      <Select className="field" value={preset} onChange={(key) => key !== null && choosePreset(key as OidcPreset)}>
        <Label>{t('sso_preset')}</Label>
        <Button className="select-button">
          <SelectValue />
          <span aria-hidden="true" className="select-chevron" />
        </Button>
        <Popover>
          <ListBox>
            {PRESETS.map((key) => (
              <ListBoxItem key={key} id={key}>
                {t(`sso_preset_${key}`)}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
      <TextField name="issuer_url" value={issuer} onChange={setIssuer} isRequired className="field">
        <Label>{t('sso_issuer')}</Label>
        <Input />
        <FieldError />
        <Text slot="description">{t('sso_issuer_help')}</Text>
      </TextField>
      <TextField name="client_id" value={clientId} onChange={setClientId} isRequired className="field">
        <Label>{t('sso_client_id')}</Label>
        <Input />
        <FieldError />
      </TextField>
      <TextField name="client_secret" type="password" value={clientSecret} onChange={setClientSecret} autoComplete="off" className="field">
        <Label>{t('sso_client_secret')}</Label>
        <Input />
        <FieldError />
        <Text slot="description">{settings.has_client_secret ? t('sso_client_secret_kept') : t('sso_client_secret_help')}</Text>
      </TextField>
      <p>
        {t('sso_redirect_uri')} <code>{settings.redirect_uri}</code>
      </p>
      <AdmissionFields jitAllowed={jitAllowed} setJitAllowed={setJitAllowed} jitRole={jitRole} setJitRole={setJitRole} required={required} setRequired={setRequired} saving={save.state.status === 'pending'} />
    </Form>
  );
};

/** SAML 2.0: the identity provider's metadata in, our service provider metadata out. */
const SamlForm = ({ settings }: { settings: SamlSettings }) => {
  const { t } = useTranslation();
  const save = useAction('saveSamlSettings');
  const spMetadata = useSection('samlSpMetadata');
  const check = useFormCheck(save.state);
  const [metadataUrl, setMetadataUrl] = useState(settings.idp_metadata_url);
  const [metadataXml, setMetadataXml] = useState('');
  const [required, setRequired] = useState(settings.sso_required);
  const [jitAllowed, setJitAllowed] = useState(settings.jit_allowed);
  const [jitRole, setJitRole] = useState<JitRole>(settings.jit_role);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.submit({
      idp_metadata: metadataXml.trim() === '' ? undefined : metadataXml,
      idp_metadata_url: metadataXml.trim() === '' && metadataUrl.trim() !== '' ? metadataUrl.trim() : undefined,
      sso_required: required,
      jit_allowed: jitAllowed,
      jit_role: jitRole,
    });
  };

  return (
    <Form {...check.formProps} onSubmit={submit} className="stack" aria-labelledby="sso-saml-heading">
      <h3 id="sso-saml-heading">{t('sso_kind_saml')}</h3>
      <FormAlert status={save.state} />
      <FormDone status={save.state} text={t('saved')} />
      {settings.active && (
        <p>
          {t('sso_saml_idp')} <code>{settings.idp_entity_id}</code>
        </p>
      )}
      <TextField name="idp_metadata_url" type="url" value={metadataUrl} onChange={setMetadataUrl} className="field">
        <Label>{t('sso_saml_metadata_url')}</Label>
        <Input />
        <FieldError />
        <Text slot="description">{t('sso_saml_metadata_help')}</Text>
      </TextField>
      <TextField name="idp_metadata" value={metadataXml} onChange={setMetadataXml} className="field">
        <Label>{t('sso_saml_metadata_xml')}</Label>
        <TextArea rows={4} spellCheck={false} />
        <FieldError />
      </TextField>
      <h4>{t('sso_saml_sp')}</h4>
      <p>
        {t('sso_saml_sp_entity_id')} <code>{settings.sp_entity_id}</code>
      </p>
      <p>
        {t('sso_saml_acs_url')} <code>{settings.acs_url}</code>
      </p>
      {spMetadata.data && (
        <p>
          <a href={`data:application/samlmetadata+xml;charset=utf-8,${encodeURIComponent(spMetadata.data.xml)}`} download={spMetadata.data.filename}>
            {t('sso_saml_download')}
          </a>
        </p>
      )}
      <AdmissionFields jitAllowed={jitAllowed} setJitAllowed={setJitAllowed} jitRole={jitRole} setJitRole={setJitRole} required={required} setRequired={setRequired} saving={save.state.status === 'pending'} />
    </Form>
  );
};

const DomainList = ({ domains }: { domains: readonly SsoDomain[] }) => {
  const { t } = useTranslation();
  if (domains.length === 0) return <p className="muted">{t('sso_no_domains')}</p>;
  return (
    <ul className="stack" aria-label={t('sso_domains')}>
      {domains.map((domain) => (
        <DomainRow key={domain.id} domain={domain} />
      ))}
    </ul>
  );
};

const DomainRow = ({ domain }: { domain: SsoDomain }) => {
  const { t } = useTranslation();
  const verify = useAction('verifySsoDomain', { clearOnLeave: true });
  const [code, setCode] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.submit({ id: domain.id, code: domain.method === 'email' ? code.trim() : undefined });
  };
  return (
    <li className="stack">
      <p>
        <strong>{domain.domain}</strong> — {domain.verified ? t('sso_domain_verified') : t('sso_domain_pending')}
      </p>
      {!domain.verified && (
        <Form onSubmit={submit} className="stack">
          <FormAlert status={verify.state} />
          {domain.dns_record !== null && (
            <p>
              {t('sso_dns_record')} <code>{domain.dns_record}</code>
            </p>
          )}
          {domain.method === 'email' && (
            <TextField name="code" value={code} onChange={setCode} isRequired className="field">
              <Label>{t('sso_domain_code')}</Label>
              <Input autoComplete="one-time-code" />
              <FieldError />
            </TextField>
          )}
          <Button type="submit" className="button" isPending={verify.state.status === 'pending'}>
            {t('sso_verify')}
          </Button>
        </Form>
      )}
    </li>
  );
};

const AddDomainForm = () => {
  const { t } = useTranslation();
  const add = useAction('addSsoDomain');
  const check = useFormCheck(add.state);
  const [domain, setDomain] = useState('');
  const [method, setMethod] = useState<SsoDomainMethod>('dns');
  const [email, setEmail] = useState('');
  // The domain added is listed above with its verification: the form is empty for another one.
  useEffect(() => {
    if (add.state.status !== 'done') return;
    setDomain('');
    setEmail('');
  }, [add.state.status]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    add.submit({ domain: domain.trim(), method, email: method === 'email' ? email.trim() : undefined });
  };
  return (
    <Form {...check.formProps} onSubmit={submit} className="stack" aria-labelledby="sso-add-domain-heading">
      <h3 id="sso-add-domain-heading">{t('sso_add_domain')}</h3>
      <FormAlert status={add.state} />
      <TextField name="domain" value={domain} onChange={setDomain} isRequired className="field">
        <Label>{t('sso_domain')}</Label>
        <Input placeholder="example.com" />
        <FieldError />
      </TextField>
      <RadioGroup value={method} onChange={(value) => setMethod(value as SsoDomainMethod)} orientation="horizontal" className="field">
        <Label>{t('sso_domain_method')}</Label>
        <Radio value="dns">{t('sso_domain_method_dns')}</Radio>
        <Radio value="email">{t('sso_domain_method_email')}</Radio>
      </RadioGroup>
      {method === 'email' && (
        <TextField name="email" type="email" value={email} onChange={setEmail} isRequired className="field">
          <Label>{t('sso_domain_email')}</Label>
          <Input />
          <FieldError />
        </TextField>
      )}
      <Button type="submit" className="button" isPending={add.state.status === 'pending'}>
        {t('sso_add_domain')}
      </Button>
    </Form>
  );
};

/** The provider's group claim: its name, and which of its values places a person in which group. */
const GroupMappingsSection = () => {
  const groups = useSection('ssoGroups');
  // Keyed by the saved list, so a save or a reload starts the form again from what is stored.
  return groups.data ? <GroupMappingsForm key={JSON.stringify([groups.data.claim_name, groups.data.mappings])} saved={groups.data} /> : null;
};

/** A row being edited; the id keeps React's rows apart while values change. */
interface MappingRow extends SsoGroupMapping {
  readonly id: number;
}

const GroupMappingsForm = ({ saved }: { saved: SsoGroupMappings }) => {
  const { t } = useTranslation();
  const save = useAction('saveSsoGroups');
  const check = useFormCheck(save.state);
  const [claimName, setClaimName] = useState(saved.claim_name);
  const [rows, setRows] = useState<MappingRow[]>(saved.mappings.map((mapping, index) => ({ ...mapping, id: index })));
  const [nextId, setNextId] = useState(saved.mappings.length);
  const change = (id: number, part: Partial<SsoGroupMapping>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...part } : row)));
  const add = () => {
    setRows((current) => [...current, { id: nextId, claim_value: '', group_id: saved.groups[0]?.id ?? '' }]);
    setNextId(nextId + 1);
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.submit({ claim_name: claimName.trim(), mappings: rows.map((row) => ({ claim_value: row.claim_value.trim(), group_id: row.group_id })) });
  };
  return (
    <Form {...check.formProps} onSubmit={submit} className="stack" aria-labelledby="sso-groups-heading">
      <h3 id="sso-groups-heading">{t('sso_groups')}</h3>
      <p className="muted">{t('sso_groups_help')}</p>
      <FormAlert status={save.state} />
      <FormDone status={save.state} text={t('saved')} />
      <TextField name="claim_name" value={claimName} onChange={setClaimName} isRequired className="field">
        <Label>{t('sso_group_claim')}</Label>
        <Input spellCheck={false} />
        <FieldError />
      </TextField>
      {rows.length === 0 && <p className="muted">{t('sso_group_none')}</p>}
      {rows.map((row, index) => (
        <fieldset key={row.id} className="stack">
          <legend>{t('sso_group_mapping', { number: index + 1 })}</legend>
          <TextField name={`mappings.${index}.claim_value`} value={row.claim_value} onChange={(value) => change(row.id, { claim_value: value })} isRequired className="field">
            <Label>{t('sso_group_value')}</Label>
            <Input spellCheck={false} />
            <FieldError />
          </TextField>
          <Select
            name={`mappings.${index}.group_id`}
            className="field"
            value={row.group_id === '' ? null : row.group_id}
            onChange={(key) => key !== null && change(row.id, { group_id: String(key) })}
            isRequired
          >
            <Label>{t('sso_group_target')}</Label>
            <Button className="select-button">
              <SelectValue />
              <span aria-hidden="true" className="select-chevron" />
            </Button>
            <FieldError />
            <Popover>
              <ListBox>
                {saved.groups.map((group) => (
                  <ListBoxItem key={group.id} id={group.id}>
                    {group.name}
                  </ListBoxItem>
                ))}
              </ListBox>
            </Popover>
          </Select>
          <div>
            <Button className="button" onPress={() => setRows((current) => current.filter((other) => other.id !== row.id))}>
              {t('sso_group_remove', { number: index + 1 })}
            </Button>
          </div>
        </fieldset>
      ))}
      <div className="form-actions">
        {saved.groups.length > 0 && (
          <Button className="button" onPress={add}>
            {t('sso_group_add')}
          </Button>
        )}
        <Button type="submit" className="button primary" isPending={save.state.status === 'pending'}>
          {t('sso_groups_save')}
        </Button>
      </div>
    </Form>
  );
};

/** Who may come in through the provider, "SSO required" and the save button: the same for OpenID Connect and SAML. */
const AdmissionFields = (props: {
  readonly jitAllowed: boolean;
  readonly setJitAllowed: (value: boolean) => void;
  readonly jitRole: JitRole;
  readonly setJitRole: (value: JitRole) => void;
  readonly required: boolean;
  readonly setRequired: (value: boolean) => void;
  readonly saving: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <Switch isSelected={props.jitAllowed} onChange={props.setJitAllowed} className="switch">
        <span className="switch-indicator" aria-hidden="true" />
        {t('sso_jit')}
      </Switch>
      {props.jitAllowed && (
        <RadioGroup value={props.jitRole} onChange={(value) => props.setJitRole(value as JitRole)} orientation="horizontal" className="field">
          <Label>{t('sso_jit_role')}</Label>
          <Radio value="staff">{t('sso_role_staff')}</Radio>
          <Radio value="sub_admin">{t('sso_role_sub_admin')}</Radio>
        </RadioGroup>
      )}
      <Switch isSelected={props.required} onChange={props.setRequired} className="switch">
        <span className="switch-indicator" aria-hidden="true" />
        {t('sso_required')}
      </Switch>
      <p className="muted">{t('sso_required_help')}</p>
      <div className="form-actions">
        <Button type="submit" className="button primary" isPending={props.saving}>
          {t('save')}
        </Button>
      </div>
    </>
  );
};
