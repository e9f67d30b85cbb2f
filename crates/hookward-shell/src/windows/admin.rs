//! Directory and endpoint administration judged by verb class × object class × scope (issue 11
//! items 4 and 9, h-psadmin29): Active Directory, Group Policy, LAPS, Microsoft Graph (Entra ID,
//! Intune), Exchange Online, and the Okta and Jamf Pro REST APIs called with curl. The
//! knowledge is the tables below, each entry with its public source; the code is four shapes:
//!
//! - **a privilege grant** ([`grant`]): a grant verb (`Add-*Member`, `Add-*Permission`,
//!   `Add-*Membership`, `Grant-*`, `New-*RoleAssignment`, `New-*RoleMember*`, `Set-*Permission`)
//!   whose statement names a well-known privileged principal or right — an AD privileged group
//!   by name or well-known SID/RID ([`AD_PRIVILEGED_GROUPS`], [`PRIVILEGED_RIDS`]), an Entra
//!   built-in administrator role by name or template id ([`ENTRA_ROLES`]), an Exchange
//!   management role ([`EXCHANGE_ROLES`]), full access or send-as on a person's mailbox
//!   ([`MAILBOX_RIGHTS`]; a shared mailbox by name, [`SHARED_MAILBOX_WORDS`], is what those
//!   rights are for), a GPO's edit-security level ([`GPO_LEVELS`]), LAPS password-read
//!   delegation ([`LAPS_DELEGATIONS`]) — or an Okta admin role posted to a user or group
//!   ([`OKTA_ROLES`], [`rest`]) → `verbs` `admin_grant` (`shell/admin-grant`). Ordinary group
//!   memberships name none of these and stay quiet;
//! - **scope** ([`bulk`]): a destroying verb ([`destroyer`]: `Remove-`, `Clear-`, `Disable-`,
//!   `Revoke-`, `Reset-`, `Invoke-*Wipe*`/`*Retire*`, `Set-*License -RemoveLicenses`,
//!   `Search-Mailbox -DeleteContent`, an account disabled) on a directory object class
//!   ([`DIRECTORY_PREFIXES`], [`EXCHANGE_NOUNS`]) applied to what an enumeration returned
//!   (piped, or in a `ForEach-Object` body) → `bulk_destroy_all` when the enumeration is
//!   unfiltered (`-All`, `-Filter *`, `-ResultSize Unlimited`, no identity at all, a search base
//!   that is the domain's root) and `bulk_destroy_some` when a `Where-Object`, `-Filter`,
//!   an OU search base, `-Top` or `Select -First` narrows it; a device wiped by name is
//!   `device_wipe`; a Jamf `EraseDevice` for a run-time or comma list of ids is bulk;
//! - **directory credentials** ([`dumps`]): DCSync (`Get-ADReplAccount -All`, mimikatz
//!   `lsadump::dcsync`), an NTDS IFM copy (`ntdsutil … ifm … create`), an LSASS dump through
//!   `comsvcs.dll MiniDump`, and LAPS passwords or BitLocker recovery keys read in clear text
//!   ([`SECRET_PROPERTIES`]) for every object an enumeration returned → `credential_dump`;
//!   the same secret of one named computer → a `secret_prints` fact (asked);
//! - **mail routed outside** ([`mail`]): a forwarding, redirect or blind-copy parameter
//!   ([`MAIL_ROUTES`]), or a sent message carrying an attachment or built content
//!   (`Send-MailMessage -Attachments`, `Send-MgUserMail` with `$(…)`), whose address is a
//!   free-mail domain ([`FREE_MAIL`]) or outside every domain the command itself names (for a
//!   transport rule, which routes the whole organisation's mail, any address when the command
//!   names none) → `mail_outside`. Forwarding inside the organisation's own domain is quiet.
//!
//! Never executes anything.

use super::{operands, param_name, split, unquote, Dialect, Stmt};
use crate::analyzer::{clip, Analyzer, Inv};
use crate::facts::{SecretPrintFact, VerbFact};

/// Active Directory's privileged groups by name (lower case). Source: Microsoft Learn,
/// "Appendix B: Privileged Accounts and Groups in Active Directory" and "Active Directory
/// security groups" (Domain Admins, Enterprise Admins, Schema Admins, Administrators, Account
/// Operators, Server Operators, Print Operators, Backup Operators, Group Policy Creator Owners,
/// Key Admins, Enterprise Key Admins, DnsAdmins, Cert Publishers, Hyper-V Administrators);
/// Exchange's split-permission groups that can write every domain object's ACL ("Exchange
/// Windows Permissions", "Exchange Trusted Subsystem", Microsoft Learn, "Split permissions in
/// Exchange Server") and its all-powerful role group "Organization Management".
pub(crate) const AD_PRIVILEGED_GROUPS: &[&str] = &[
    "domain admins",
    "enterprise admins",
    "schema admins",
    "administrators",
    "account operators",
    "server operators",
    "print operators",
    "backup operators",
    "group policy creator owners",
    "key admins",
    "enterprise key admins",
    "dnsadmins",
    "cert publishers",
    "hyper-v administrators",
    "exchange windows permissions",
    "exchange trusted subsystem",
    "organization management",
];

/// Well-known SIDs of privileged groups: domain-relative RIDs (`S-1-5-21-<domain>-RID`: 512
/// Domain Admins, 516 Domain Controllers, 518 Schema Admins, 519 Enterprise Admins, 520 Group
/// Policy Creator Owners, 526 Key Admins, 527 Enterprise Key Admins) and the builtin domain's
/// (`S-1-5-32-544` Administrators, 548 Account Operators, 549 Server Operators, 550 Print
/// Operators, 551 Backup Operators, 578 Hyper-V Administrators). Source: Microsoft Learn,
/// "Well-known SIDs" (Windows security identifiers).
pub(crate) const PRIVILEGED_RIDS: &[&str] = &["512", "516", "518", "519", "520", "526", "527"];
/// The builtin domain's privileged SIDs (same source).
pub(crate) const BUILTIN_PRIVILEGED_SIDS: &[&str] = &[
    "s-1-5-32-544",
    "s-1-5-32-548",
    "s-1-5-32-549",
    "s-1-5-32-550",
    "s-1-5-32-551",
    "s-1-5-32-578",
];

/// Principals that stand for everybody, or everybody in the domain, given full or write
/// access. Source: Microsoft Learn, "Well-known SIDs" (Everyone S-1-1-0, ANONYMOUS LOGON
/// S-1-5-7, Authenticated Users S-1-5-11) and "Active Directory security groups" (Domain
/// Users); Grant-SmbShareAccess `-AccessRight Full|Change`, dsacls `/G` `GA`/`WD`.
pub(crate) const BROAD_PRINCIPALS: &[&str] = &[
    "everyone",
    "anonymous logon",
    "authenticated users",
    "domain users",
    "s-1-1-0",
    "s-1-5-7",
    "s-1-5-11",
];

/// Microsoft Entra built-in administrator roles, by display name (lower case) and role template
/// id. Source: Microsoft Learn, "Microsoft Entra built-in roles" (each role's "Template ID");
/// "Company Administrator" is the MSOnline module's name of Global Administrator. Global Reader
/// reads every setting of the tenant, policies and audit logs included.
pub(crate) const ENTRA_ROLES: &[(&str, &str)] = &[
    (
        "global administrator",
        "62e90394-69f5-4237-9190-012177145e10",
    ),
    (
        "company administrator",
        "62e90394-69f5-4237-9190-012177145e10",
    ),
    (
        "privileged role administrator",
        "e8611ab8-c189-46e8-94e1-60213ab1f814",
    ),
    (
        "privileged authentication administrator",
        "7be44c8a-adaf-4e2a-84d6-ab2649e08a13",
    ),
    (
        "security administrator",
        "194ae4cb-b126-40b2-bd5b-6091b380977d",
    ),
    ("user administrator", "fe930be7-5e62-47db-91af-98c3a49a38b1"),
    (
        "exchange administrator",
        "29232cdf-9323-42fd-ade2-1d097af3e4de",
    ),
    (
        "sharepoint administrator",
        "f28a1f50-f6e7-4571-818b-6a12f2af6b6c",
    ),
    (
        "intune administrator",
        "3a2c62db-5318-420d-8d74-23affee5d9d5",
    ),
    (
        "application administrator",
        "9b895d92-2cd3-44c7-9d02-a6ac2d5ea5c3",
    ),
    (
        "cloud application administrator",
        "158c047a-c907-4556-b7ef-446551a6b5f7",
    ),
    (
        "conditional access administrator",
        "b1be1c3e-b65d-4f19-8427-f6fa0d97feb9",
    ),
    (
        "authentication administrator",
        "c4e39bd9-1100-46d3-8c65-fb160da0071f",
    ),
    (
        "helpdesk administrator",
        "729827e3-9c14-49f7-bb1b-9608f156bbb8",
    ),
    (
        "hybrid identity administrator",
        "8ac3fc64-6eca-42ea-9e69-59f4c7b60eb2",
    ),
    ("global reader", "f2ef992c-3afb-46b9-b7cf-a126ee74c451"),
];

/// Exchange management roles and role groups that reach every mailbox (lower case). Source:
/// Microsoft Learn, "ApplicationImpersonation role", "Mailbox Import Export role", "Mailbox
/// Search role", "Discovery Management" and "Organization Management" (Exchange Online
/// permissions), Purview "eDiscovery Manager".
pub(crate) const EXCHANGE_ROLES: &[&str] = &[
    "applicationimpersonation",
    "mailbox import export",
    "mailbox search",
    "discovery management",
    "organization management",
    "role management",
    "ediscovery manager",
];

/// Mailbox rights that read or send as another person's mail. Source: Microsoft Learn,
/// Add-MailboxPermission `-AccessRights FullAccess`, Add-RecipientPermission `-AccessRights
/// SendAs`, Set-Mailbox `-GrantSendOnBehalfTo`.
pub(crate) const MAILBOX_RIGHTS: &[&str] = &["fullaccess", "sendas", "grantsendonbehalfto"];

/// Words that name a shared or functional mailbox, which full access and send-as exist for
/// (Microsoft Learn, "Shared mailboxes in Exchange Online": a team's common address such as
/// info@ or support@).
pub(crate) const SHARED_MAILBOX_WORDS: &[&str] = &[
    "shared",
    "team",
    "info",
    "support",
    "helpdesk",
    "servicedesk",
    "noreply",
    "no-reply",
    "room",
    "resource",
    "contact",
    "hello",
    "office",
    "reception",
    "accounts",
    "sales",
    "billing",
    "invoices",
    "jobs",
    "careers",
    "press",
    "enquiries",
    "inquiries",
    "orders",
];

/// Group Policy permission levels that edit a GPO (and so run code on every computer it
/// applies to) or its security. Source: Microsoft Learn, Set-GPPermission `-PermissionLevel`
/// (GpoRead, GpoApply, GpoEdit, GpoEditDeleteModifySecurity, None).
pub(crate) const GPO_LEVELS: &[&str] = &["gpoeditdeletemodifysecurity", "gpoedit"];

/// Cmdlets that delegate reading or resetting the local administrator passwords of every
/// computer below an OU. Source: Microsoft Learn, Windows LAPS PowerShell module
/// (Set-LapsADReadPasswordPermission, Set-LapsADResetPasswordPermission) and legacy LAPS's
/// AdmPwd.PS (Set-AdmPwdReadPasswordPermission, Set-AdmPwdResetPasswordPermission).
pub(crate) const LAPS_DELEGATIONS: &[&str] = &[
    "set-lapsadreadpasswordpermission",
    "set-lapsadresetpasswordpermission",
    "set-admpwdreadpasswordpermission",
    "set-admpwdresetpasswordpermission",
];

/// Okta administrator role types (Okta Developer, "Roles API" / "Standard roles": the `type`
/// of a role assignment). Read-only and report administrators are left out.
pub(crate) const OKTA_ROLES: &[&str] = &[
    "super_admin",
    "org_admin",
    "app_admin",
    "user_admin",
    "group_membership_admin",
    "help_desk_admin",
    "mobile_admin",
    "api_access_management_admin",
    "api_admin",
];

/// Noun prefixes of the directory and endpoint modules (Microsoft Learn module references:
/// ActiveDirectory `AD`, Microsoft Graph `Mg`/`MgBeta`, GroupPolicy `GP`/`GPO`, Windows LAPS
/// `Laps`, AzureAD `AzureAD`, MSOnline `Msol`, Exchange Online V3 `EXO`, PrintManagement
/// `Printer`, Teams `CsOnline`).
pub(crate) const DIRECTORY_PREFIXES: &[&str] = &[
    "ad", "mg", "gp", "laps", "azuread", "msol", "exo", "printer", "csonline",
];

/// Exchange (Online and Server) nouns, which carry no module prefix. Source: Microsoft Learn,
/// Exchange PowerShell reference (mailboxes, recipients, groups, rules, mobile devices).
pub(crate) const EXCHANGE_NOUNS: &[&str] = &[
    "mailbox",
    "mailuser",
    "mailcontact",
    "recipient",
    "inboxrule",
    "transportrule",
    "distributiongroup",
    "dynamicdistributiongroup",
    "unifiedgroup",
    "mobiledevice",
    "mailboxpermission",
    "recipientpermission",
    "mailboxfolderpermission",
    "retentionpolicy",
];

/// Directory attributes and Graph properties that hold a secret in clear text, with the
/// cmdlets (lower case, prefix) that read them. Sources: Microsoft Learn — Windows LAPS
/// (`msLAPS-Password`, `msLAPS-EncryptedPassword`; Get-LapsADPassword `-AsPlainText`), legacy
/// LAPS (`ms-Mcs-AdmPwd`; AdmPwd.PS Get-AdmPwdPassword), BitLocker recovery information in AD
/// DS (`msFVE-RecoveryPassword`), Microsoft Graph bitlockerRecoveryKey (`key`, returned only
/// when `$select=key` is asked for: Get-MgInformationProtectionBitlockerRecoveryKey `-Property
/// key`).
pub(crate) const SECRET_PROPERTIES: &[(&str, &str)] = &[
    ("get-ad", "ms-mcs-admpwd"),
    ("get-ad", "mslaps-password"),
    ("get-ad", "mslaps-encryptedpassword"),
    ("get-ad", "msfve-recoverypassword"),
    ("get-mginformationprotectionbitlockerrecoverykey", "key"),
    ("get-mgbetainformationprotectionbitlockerrecoverykey", "key"),
];

/// Parameters that route mail to another address, per cmdlet (lower case). Source: Microsoft
/// Learn — New-InboxRule/Set-InboxRule (`-ForwardTo`, `-ForwardAsAttachmentTo`,
/// `-RedirectTo`), Set-Mailbox (`-ForwardingSmtpAddress`, `-ForwardingAddress`),
/// New-TransportRule/Set-TransportRule (`-BlindCopyTo`, `-RedirectMessageTo`, `-CopyTo`,
/// `-AddToRecipients`), Send-MailMessage (`-To`, `-Cc`, `-Bcc`, with `-Attachments`).
pub(crate) const MAIL_ROUTES: &[(&str, &[&str])] = &[
    (
        "new-inboxrule",
        &["forwardto", "forwardasattachmentto", "redirectto"],
    ),
    (
        "set-inboxrule",
        &["forwardto", "forwardasattachmentto", "redirectto"],
    ),
    (
        "set-mailbox",
        &["forwardingsmtpaddress", "forwardingaddress"],
    ),
    (
        "new-transportrule",
        &[
            "blindcopyto",
            "redirectmessageto",
            "copyto",
            "addtorecipients",
        ],
    ),
    (
        "set-transportrule",
        &[
            "blindcopyto",
            "redirectmessageto",
            "copyto",
            "addtorecipients",
        ],
    ),
    ("send-mailmessage", &["to", "cc", "bcc"]),
];

/// Free-mail and consumer mailbox providers: an address there is outside any organisation.
/// Sources: the providers' own sign-up pages (Gmail, Outlook.com/Hotmail/Live, Yahoo Mail,
/// Proton Mail, iCloud Mail, AOL, GMX, mail.com, Yandex, Zoho Mail, Tuta, Fastmail, Mail.ru,
/// QQ Mail, NetEase 163).
pub(crate) const FREE_MAIL: &[&str] = &[
    "gmail.com",
    "googlemail.com",
    "outlook.com",
    "hotmail.com",
    "live.com",
    "msn.com",
    "yahoo.com",
    "ymail.com",
    "protonmail.com",
    "proton.me",
    "pm.me",
    "icloud.com",
    "me.com",
    "aol.com",
    "gmx.com",
    "gmx.de",
    "gmx.net",
    "mail.com",
    "yandex.com",
    "yandex.ru",
    "zoho.com",
    "tutanota.com",
    "tuta.io",
    "fastmail.com",
    "mail.ru",
    "qq.com",
    "163.com",
];

fn push(a: &mut Analyzer, class: &str, verb: &str, detail: String, ev: &str) {
    a.facts.verbs.push(VerbFact {
        class: class.to_string(),
        program: "PowerShell".to_string(),
        verb: verb.to_string(),
        detail,
        evidence: clip(ev),
    });
}

/// `verb-noun` split.
fn verb_noun(name: &str) -> Option<(&str, &str)> {
    name.split_once('-')
        .filter(|(v, n)| !v.is_empty() && !n.is_empty())
}

/// Whether a cmdlet noun belongs to a directory or endpoint module.
pub(crate) fn directory_noun(noun: &str) -> bool {
    DIRECTORY_PREFIXES
        .iter()
        .any(|p| noun.starts_with(p) && noun.len() > p.len())
        || EXCHANGE_NOUNS.contains(&noun)
        || noun == "gpo"
}

/// `needle` in `hay` (both lower case) as a whole phrase: no letter, digit, `-` or `_` on
/// either side.
fn phrase(hay: &str, needle: &str) -> bool {
    hay.match_indices(needle).any(|(i, _)| {
        let before = hay[..i].chars().next_back();
        let after = hay[i + needle.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        !word(before) && !word(after) && !matches!(after, Some('-')) && !matches!(before, Some('-'))
    })
}

/// The values following the parameter `name` (full name or an unambiguous prefix of at least
/// two letters), up to the next parameter; comma lists split, quotes removed.
fn values(s: &Stmt, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut on = false;
    for w in &s.words {
        if let Some(p) = param_name(w) {
            on = p.len() >= 2 && name.starts_with(&p) && (p == name || p.len() >= 3);
            if on {
                if let Some((_, v)) = w.split_once(':') {
                    out.extend(list(v));
                    on = false;
                }
            }
            continue;
        }
        if on {
            out.extend(list(w));
        }
    }
    out
}

fn list(v: &str) -> Vec<String> {
    let v = unquote(v);
    let v = match v.strip_prefix("@(") {
        Some(inner) => inner.strip_suffix(')').unwrap_or(inner).to_string(),
        None => v,
    };
    v.split(',')
        .map(|x| unquote(x.trim()))
        .filter(|x| !x.is_empty())
        .collect()
}

fn has_param(s: &Stmt, name: &str) -> bool {
    s.words
        .iter()
        .filter_map(|w| param_name(w))
        .any(|p| p.len() >= 2 && name.starts_with(&p) && (p == name || p.len() >= 3))
}

/// A switch given and not set false (`-All`, `-All:$true`).
fn switch(s: &Stmt, name: &str) -> bool {
    s.words.iter().any(|w| {
        let Some(p) = param_name(w) else { return false };
        if p != name {
            return false;
        }
        !w.split_once(':').is_some_and(|(_, v)| {
            matches!(
                unquote(v).to_ascii_lowercase().as_str(),
                "$false" | "false" | "0"
            )
        })
    })
}

/// Everything this module reads off one statement of a Windows line (module docs).
pub(crate) fn apply(a: &mut Analyzer, s: &Stmt, stmts: &[Stmt]) {
    grant(a, s, stmts);
    bulk(a, s, stmts);
    dumps(a, s, stmts);
    mail(a, s, stmts);
}

// ------------------------------------------------------------------------------------------
// 1. Privilege grants

/// Whether `name` is a grant verb's cmdlet.
fn grant_verb(name: &str) -> bool {
    let Some((verb, noun)) = verb_noun(name) else {
        return false;
    };
    match verb {
        "add" => {
            noun.ends_with("member")
                || noun.ends_with("members")
                || noun.ends_with("membership")
                || noun.ends_with("permission")
                || noun.ends_with("memberbyref")
        }
        "grant" => true,
        "new" => {
            noun.contains("roleassignment")
                || noun.contains("rolemember")
                || noun.ends_with("memberbyref")
        }
        "set" => noun.ends_with("permission"),
        _ => false,
    }
}

/// The privileged principal, role or right a grant statement names (module docs).
pub(crate) fn privileged_target(s: &Stmt) -> Option<String> {
    if LAPS_DELEGATIONS.contains(&s.name.as_str()) {
        return Some("the right to read or reset every computer's local administrator password below an OU (LAPS)".into());
    }
    if !grant_verb(&s.name) {
        return None;
    }
    let text = s.text.to_ascii_lowercase();
    if let Some(g) = AD_PRIVILEGED_GROUPS.iter().find(|g| phrase(&text, g)) {
        return Some(format!("the privileged group {g}"));
    }
    for w in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
        if let Some(rest) = w.strip_prefix("s-1-5-21-") {
            if let Some(rid) = rest.rsplit('-').next() {
                if PRIVILEGED_RIDS.contains(&rid) && rest.contains('-') {
                    return Some(format!(
                        "the privileged group with well-known RID {rid} ({w})"
                    ));
                }
            }
        }
        if BUILTIN_PRIVILEGED_SIDS.contains(&w) {
            return Some(format!("the privileged builtin group {w}"));
        }
    }
    if let Some((r, _)) = ENTRA_ROLES
        .iter()
        .find(|(r, id)| phrase(&text, r) || text.contains(id))
    {
        return Some(format!("the Entra ID role {r}"));
    }
    if let Some(r) = EXCHANGE_ROLES.iter().find(|r| phrase(&text, r)) {
        return Some(format!("the Exchange role {r}"));
    }
    if let Some(p) = BROAD_PRINCIPALS.iter().find(|p| phrase(&text, p)) {
        if ["full", "genericall", "writedacl", "change"]
            .iter()
            .any(|r| phrase(&text, r) || text.contains(&format!(":{r}")))
        {
            return Some(format!("full or write access for {p}"));
        }
    }
    if s.name.ends_with("permission") {
        let rights: Vec<String> = values(s, "accessrights")
            .into_iter()
            .chain(values(s, "extendedrights"))
            .map(|v| v.to_ascii_lowercase().replace('-', ""))
            .collect();
        if let Some(r) = MAILBOX_RIGHTS
            .iter()
            .find(|r| rights.iter().any(|v| v == *r))
        {
            let mailbox = values(s, "identity")
                .into_iter()
                .chain(operands(s))
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase();
            let local = mailbox.split('@').next().unwrap_or("");
            let shared = SHARED_MAILBOX_WORDS.iter().any(|w| {
                local
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|p| p == *w || p.starts_with(w))
            });
            if !shared {
                return Some(format!("{r} on the mailbox {mailbox}"));
            }
        }
        let levels: Vec<String> = values(s, "permissionlevel")
            .into_iter()
            .map(|v| v.to_ascii_lowercase())
            .collect();
        if let Some(l) = GPO_LEVELS.iter().find(|l| levels.iter().any(|v| v == *l)) {
            return Some(format!("the Group Policy permission {l}"));
        }
    }
    None
}

fn grant(a: &mut Analyzer, s: &Stmt, stmts: &[Stmt]) {
    if let Some(t) = privileged_target(s) {
        push(a, "admin_grant", &s.word, t, &s.text);
        return;
    }
    // `$g = Get-ADGroup -Identity "S-1-5-21-…-512"; Add-ADGroupMember $g -Members x`: the
    // statement that assigned a variable the grant names, read as part of it.
    if !grant_verb(&s.name) {
        return;
    }
    for w in &s.words {
        let Some(var) = w.strip_prefix('$').map(|v| v.to_ascii_lowercase()) else {
            continue;
        };
        if var.is_empty() || !var.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            continue;
        }
        let assigned = stmts.iter().find(|x| {
            x.word.eq_ignore_ascii_case(&format!("${var}"))
                && x.words.first().is_some_and(|e| e == "=")
        });
        if let Some(x) = assigned {
            let joined = Stmt {
                text: format!("{} {}", s.text, x.text),
                ..s.clone()
            };
            if let Some(t) = privileged_target(&joined) {
                push(a, "admin_grant", &s.word, t, &s.pipeline);
                return;
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// 2. Destroying verbs by scope

/// Directory objects whose loss breaks the domain: the two default GPOs (by name and by their
/// fixed GUIDs; Microsoft Learn, "Default Domain Policy and Default Domain Controllers Policy
/// GPOs"), the KDC's `krbtgt` account and the built-in Administrator, and the privileged
/// groups of [`AD_PRIVILEGED_GROUPS`].
pub(crate) const CRITICAL_OBJECTS: &[&str] = &[
    "default domain policy",
    "default domain controllers policy",
    "31b2f340-016d-11d2-945f-00c04fb984f9",
    "6ac1786c-016f-11d2-945f-00c04fb984f9",
    "krbtgt",
    "administrator",
];

/// The critical object a destroying statement names (one named object of [`CRITICAL_OBJECTS`]
/// or a privileged group removed or disabled as a whole).
fn critical(s: &Stmt) -> Option<&'static str> {
    let (verb, noun) = verb_noun(&s.name)?;
    if !matches!(verb, "remove" | "disable" | "clear" | "reset" | "rename")
        || noun.ends_with("member")
    {
        return None;
    }
    let text = s.text.to_ascii_lowercase();
    CRITICAL_OBJECTS
        .iter()
        .chain(if noun == "adgroup" {
            AD_PRIVILEGED_GROUPS
        } else {
            &[]
        })
        .find(|o| phrase(&text, o))
        .copied()
}

/// What a destroying statement does to a directory object, when it is one (module docs).
pub(crate) fn destroyer(s: &Stmt) -> Option<&'static str> {
    let (verb, noun) = verb_noun(&s.name)?;
    if !directory_noun(noun) {
        return None;
    }
    let wipe = noun.contains("wipe") || noun.contains("erase");
    Some(match verb {
        "remove" => "removes",
        "clear" if noun.contains("manageddevice") => "wipes",
        "clear" => "clears",
        "disable" => "disables",
        "revoke" => "revokes",
        "reset" => "resets",
        "invoke" if wipe => "wipes",
        "invoke" if noun.contains("retire") || noun.contains("clean") => "retires",
        "set" if noun.ends_with("license") && has_param(s, "removelicenses") => {
            "removes the licences of"
        }
        "search" if switch(s, "deletecontent") => "deletes the mail of",
        "set" | "update" if account_disabled(s) => "disables",
        _ => return None,
    })
}

/// `-Enabled $false`, `-AccountEnabled:$false`.
fn account_disabled(s: &Stmt) -> bool {
    s.words.iter().enumerate().any(|(i, w)| {
        let Some(p) = param_name(w) else { return false };
        if p != "enabled" && p != "accountenabled" {
            return false;
        }
        let v = match w.split_once(':') {
            Some((_, v)) => Some(v.to_string()),
            None => s.words.get(i + 1).cloned(),
        };
        v.is_some_and(|v| {
            matches!(
                unquote(&v).to_ascii_lowercase().as_str(),
                "$false" | "false" | "0"
            )
        })
    })
}

/// How much of its object class an enumeration returns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Scope {
    /// One object named.
    One,
    /// A narrowed set (a filter, an OU, a top count).
    Some(String),
    /// Every object of the class.
    All(String),
}

/// Parameters that name one object (or one parent) of a Get- cmdlet.
fn identity(s: &Stmt) -> bool {
    !operands(s).is_empty()
        || s.words.iter().filter_map(|w| param_name(w)).any(|p| {
            matches!(
                p.as_str(),
                "identity" | "id" | "name" | "samaccountname" | "mailbox" | "userprincipalname"
            ) || (p.len() > 3 && p.ends_with("id"))
        })
}

/// The scope of a Get-/Search-/Find- statement of a directory noun; `None` for anything else.
pub(crate) fn source_scope(s: &Stmt) -> Option<Scope> {
    let (verb, noun) = verb_noun(&s.name)?;
    if !matches!(verb, "get" | "search" | "find") || !directory_noun(noun) {
        return None;
    }
    let all = switch(s, "all");
    let filter = values(s, "filter").into_iter().next();
    let ldap = values(s, "ldapfilter").into_iter().next();
    let base = values(s, "searchbase")
        .into_iter()
        .next()
        .map(|b| b.to_ascii_lowercase());
    let top = has_param(s, "top") || has_param(s, "first");
    if identity(s) {
        return Some(if all {
            Scope::Some(format!("every item of one named object ({})", s.text))
        } else {
            Scope::One
        });
    }
    let what = clip(&s.text);
    if let Some(f) = filter.as_deref().filter(|f| f.trim() != "*") {
        return Some(Scope::Some(format!("filtered by {f}")));
    }
    if let Some(l) = ldap
        .as_deref()
        .filter(|l| !l.eq_ignore_ascii_case("(objectclass=*)"))
    {
        return Some(Scope::Some(format!("filtered by {l}")));
    }
    if let Some(b) = base
        .as_deref()
        .filter(|b| b.contains("ou=") || b.contains("cn="))
    {
        return Some(Scope::Some(format!("below {b}")));
    }
    if top {
        return Some(Scope::Some("limited to the first results".into()));
    }
    // `-All`, `-ResultSize Unlimited`, `-Filter *`, or no identity at all: every object.
    Some(Scope::All(what))
}

/// Stages that narrow a pipeline's objects, and those that pass them on unchanged.
fn narrows(s: &Stmt) -> Option<bool> {
    match s.name.as_str() {
        "where-object" | "where" | "?" => Some(true),
        "select-object" | "select" => Some(
            has_param(s, "first")
                || has_param(s, "last")
                || has_param(s, "index")
                || has_param(s, "skip"),
        ),
        "sort-object" | "sort" | "foreach-object" | "%" | "foreach" | "tee-object" | "tee" => {
            Some(false)
        }
        _ => None,
    }
}

/// The scope of what reaches statement `at` through its pipeline (`None`: not an enumeration).
pub(crate) fn upstream(stmts: &[Stmt], at: usize) -> Option<Scope> {
    let mut narrowed: Option<String> = None;
    let mut cur = stmts.get(at)?.prev;
    let mut hops = 0;
    while let Some(i) = cur {
        hops += 1;
        if hops > 12 {
            return None;
        }
        let p = stmts.get(i)?;
        if let Some(n) = narrows(p) {
            if n && narrowed.is_none() {
                narrowed = Some(clip(&p.text));
            }
            cur = p.prev;
            continue;
        }
        return match source_scope(p)? {
            Scope::One => Some(Scope::One),
            Scope::Some(w) => Some(Scope::Some(w)),
            Scope::All(w) => Some(match narrowed {
                Some(n) => Scope::Some(format!("{w}, narrowed by {n}")),
                None => Scope::All(w),
            }),
        };
    }
    None
}

/// The statements a `ForEach-Object { … }` body runs (empty for any other statement).
fn loop_body(s: &Stmt) -> Vec<Stmt> {
    if !matches!(s.name.as_str(), "foreach-object" | "%" | "foreach") {
        return Vec::new();
    }
    s.groups
        .iter()
        .flat_map(|g| split(g, Dialect::PowerShell))
        .collect()
}

fn bulk(a: &mut Analyzer, s: &Stmt, stmts: &[Stmt]) {
    let Some(at) = stmts.iter().position(|x| std::ptr::eq(x, s)) else {
        return;
    };
    let mut hits: Vec<(String, &'static str, String)> = Vec::new();
    if let Some(d) = destroyer(s) {
        hits.push((s.word.clone(), d, noun_of(&s.name)));
    }
    for inner in loop_body(s) {
        if let Some(d) = destroyer(&inner) {
            hits.push((inner.word.clone(), d, noun_of(&inner.name)));
        }
    }
    let scope = if hits.is_empty() {
        None
    } else {
        upstream(stmts, at)
    };
    for (word, does, noun) in &hits {
        match &scope {
            Some(Scope::All(src)) => push(
                a,
                "bulk_destroy_all",
                word,
                format!("{does} every {noun} an unfiltered listing returns ({src})"),
                &s.pipeline,
            ),
            // A wipe cannot be undone (a removed directory object sits in its recycle bin; an
            // erased device's data is gone): a filtered set of devices is still denied.
            Some(Scope::Some(why)) if *does == "wipes" => push(
                a,
                "bulk_destroy_all",
                word,
                format!("{does} each {noun} a listing returns ({why}); an erased device cannot be restored"),
                &s.pipeline,
            ),
            Some(Scope::Some(why)) => push(
                a,
                "bulk_destroy_some",
                word,
                format!("{does} each {noun} a listing returns ({why})"),
                &s.pipeline,
            ),
            _ if *does == "wipes" && s.prev.is_none() => push(
                a,
                "device_wipe",
                word,
                format!("wipes the device {}", named(s)),
                &s.text,
            ),
            _ => {}
        }
    }
    if let Some(o) = critical(s) {
        push(
            a,
            "critical_destroy",
            &s.word,
            format!(
                "{} the directory object {o}, which the domain depends on",
                destroyer(s).unwrap_or("changes")
            ),
            &s.text,
        );
    }
    // A container removed with everything below it (`Remove-ADOrganizationalUnit -Recursive`,
    // `Remove-ADObject -Recursive`).
    if s.name.starts_with("remove-ad") && switch(s, "recursive") {
        push(
            a,
            "bulk_destroy_some",
            &s.word,
            format!("removes {} with every object below it", named(s)),
            &s.text,
        );
    }
    // A compliance search's matches purged from every mailbox they were found in.
    if s.name == "new-compliancesearchaction" && switch(s, "purge") {
        push(
            a,
            "bulk_destroy_some",
            &s.word,
            "purges every message a compliance search matched across the mailboxes it searched"
                .into(),
            &s.text,
        );
    }
}

fn noun_of(name: &str) -> String {
    verb_noun(name).map_or(String::new(), |(_, n)| n.to_string())
}

fn named(s: &Stmt) -> String {
    s.words
        .iter()
        .find(|w| param_name(w).is_none())
        .map(|w| unquote(w))
        .unwrap_or_default()
}

// ------------------------------------------------------------------------------------------
// 3. Directory credentials

/// The clear-text secret a statement reads (module docs).
fn secret_read(s: &Stmt) -> Option<String> {
    if matches!(s.name.as_str(), "get-lapsadpassword") && switch(s, "asplaintext") {
        return Some("a LAPS local administrator password".into());
    }
    if s.name == "get-admpwdpassword" {
        return Some("a LAPS local administrator password".into());
    }
    let props: Vec<String> = values(s, "properties")
        .into_iter()
        .chain(values(s, "property"))
        .map(|p| p.to_ascii_lowercase())
        .collect();
    SECRET_PROPERTIES
        .iter()
        .find(|(c, p)| s.name.starts_with(c) && props.iter().any(|v| v == p))
        .map(|(_, p)| format!("the secret attribute {p}"))
}

fn dumps(a: &mut Analyzer, s: &Stmt, stmts: &[Stmt]) {
    let text = s.text.to_ascii_lowercase();
    let mut dump: Option<String> = None;
    match s.name.as_str() {
        "get-adreplaccount" if switch(s, "all") || text.contains("krbtgt") => {
            dump =
                Some("DCSync: account password hashes replicated from a domain controller".into());
        }
        "get-adreplaccount" => secret_print(a, s, "one account's password hashes (DCSync)"),
        "get-addbaccount" if switch(s, "all") => {
            dump = Some("every account's password hashes read from an ntds.dit copy".into());
        }
        "ntdsutil" if text.contains("ifm") && text.contains("create") => {
            dump = Some(
                "an install-from-media copy of the domain database (ntds.dit with the SYSTEM hive)"
                    .into(),
            );
        }
        "rundll32" if text.contains("comsvcs") && text.contains("minidump") => {
            dump = Some("a process memory dump through comsvcs.dll MiniDump (LSASS holds logon credentials)".into());
        }
        _ => {}
    }
    if text.contains("lsadump::") || text.contains("sekurlsa::") {
        dump = Some("mimikatz credential extraction (lsadump/sekurlsa)".into());
    }
    if let Some(d) = dump {
        push(a, "credential_dump", &s.word, d, &s.text);
        return;
    }
    let Some(at) = stmts.iter().position(|x| std::ptr::eq(x, s)) else {
        return;
    };
    // The secret read by this statement, over its own enumeration or one piped in; or read in
    // a loop body over what the pipeline enumerated.
    let mut reads: Vec<(String, Option<Scope>)> = Vec::new();
    if let Some(what) = secret_read(s) {
        let own = source_scope(s).filter(|x| *x != Scope::One);
        reads.push((what, own.or_else(|| upstream(stmts, at))));
    }
    for inner in loop_body(s) {
        if let Some(what) = secret_read(&inner) {
            reads.push((what, upstream(stmts, at)));
        }
    }
    for (what, scope) in reads {
        match scope {
            Some(Scope::All(w) | Scope::Some(w)) => push(
                a,
                "credential_dump",
                &s.word,
                format!("{what} of every object a listing returns ({w})"),
                &s.pipeline,
            ),
            _ => secret_print(a, s, &what),
        }
    }
}

fn secret_print(a: &mut Analyzer, s: &Stmt, what: &str) {
    a.facts.secret_prints.push(SecretPrintFact {
        by_shape: false,
        program: s.name.clone(),
        form: what.to_string(),
        captured: !s.redirects.is_empty(),
        evidence: clip(&s.pipeline),
    });
}

// ------------------------------------------------------------------------------------------
// 4. Mail routed outside

/// The e-mail addresses in a text (lower case).
fn addresses(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for w in text.split(|c: char| !(c.is_ascii_alphanumeric() || "@.-_+".contains(c))) {
        if let Some((user, dom)) = w.rsplit_once('@') {
            let dom = dom.trim_end_matches('.').to_ascii_lowercase();
            if !user.is_empty() && dom.contains('.') && !dom.starts_with('.') {
                out.push(format!("{}@{dom}", user.to_ascii_lowercase()));
            }
        }
    }
    out
}

fn domain(addr: &str) -> &str {
    addr.rsplit('@').next().unwrap_or(addr)
}

/// The registrable part of a domain: its last two labels, three under a two-letter country
/// code's second level (`co.uk`, `com.au`).
fn registrable(d: &str) -> String {
    let labels: Vec<&str> = d.split('.').collect();
    let n = labels.len();
    let keep = if n >= 3
        && labels[n - 1].len() == 2
        && matches!(
            labels[n - 2],
            "co" | "com" | "org" | "net" | "ac" | "gov" | "edu" | "ne" | "or"
        ) {
        3
    } else {
        2
    };
    labels[n.saturating_sub(keep)..].join(".")
}

fn mail(a: &mut Analyzer, s: &Stmt, stmts: &[Stmt]) {
    let transport = s.name.ends_with("-transportrule");
    let mut dests: Vec<String> = Vec::new();
    if let Some((_, params)) = MAIL_ROUTES.iter().find(|(c, _)| *c == s.name) {
        if s.name == "send-mailmessage" && !has_param(s, "attachments") {
            return;
        }
        for p in *params {
            for v in values(s, p) {
                dests.extend(addresses(&v));
            }
        }
    } else if s.name == "send-mgusermail" || s.name == "send-mgbetausermail" {
        let l = s.text.to_ascii_lowercase();
        let built = l.contains("$(")
            || l.contains("content=$")
            || l.contains("get-content")
            || l.contains("attachments");
        if !built {
            return;
        }
        for key in ["torecipients", "ccrecipients", "bccrecipients"] {
            if let Some(i) = l.find(key) {
                dests.extend(addresses(&l[i..]));
            }
        }
    } else {
        return;
    }
    if dests.is_empty() {
        return;
    }
    // The organisation's domains: those of every other address the line names (`-Identity`,
    // `-Mailbox`, `-From`, `-UserId`), free-mail providers left out.
    let line: String = stmts
        .iter()
        .map(|x| x.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let org: Vec<String> = addresses(&line)
        .into_iter()
        .filter(|x| !dests.contains(x))
        .map(|x| registrable(domain(&x)))
        .filter(|d| !FREE_MAIL.contains(&d.as_str()))
        .collect();
    for d in &dests {
        let r = registrable(domain(d));
        let free = FREE_MAIL.contains(&r.as_str());
        let outside =
            free || (!org.is_empty() && !org.contains(&r)) || (org.is_empty() && transport);
        if outside {
            let why = if free {
                "a free-mail provider".to_string()
            } else if org.is_empty() {
                "a transport rule over the whole organisation's mail, to a domain the command does not name as its own".to_string()
            } else {
                let mut o = org.clone();
                o.sort();
                o.dedup();
                format!("outside {}", o.join(", "))
            };
            push(
                a,
                "mail_outside",
                &s.word,
                format!("mail routed to {d} ({why})"),
                &s.text,
            );
            return;
        }
    }
}

// ------------------------------------------------------------------------------------------
// 5. The REST APIs called with curl

/// Okta role assignments and Jamf Pro device erase commands sent by an HTTP client (module
/// docs). Sources: Okta Developer, "Roles API" (`POST /api/v1/users/{id}/roles`, `POST
/// /api/v1/groups/{id}/roles` with `{"type": ROLE}`); Jamf Pro Classic API,
/// `computercommands/command/{command}/id/{id[,id…]}` (EraseDevice erases the computer) and
/// `mobiledevicecommands/command/EraseDevice`.
pub(crate) fn rest(a: &mut Analyzer, name: &str, inv: &Inv) {
    // The Windows credential dumpers reached through a POSIX wrapper (`env ntdsutil …`,
    // `timeout 60 rundll32.exe …`, WSL's interop): the same reading as the Windows line's.
    let base = name
        .strip_suffix(".exe")
        .unwrap_or(name)
        .to_ascii_lowercase();
    if matches!(base.as_str(), "ntdsutil" | "rundll32") {
        let s = Stmt {
            name: base,
            word: name.to_string(),
            text: inv.evidence.clone(),
            pipeline: inv.evidence.clone(),
            ..Stmt::default()
        };
        if !a.facts.verbs.iter().any(|v| v.class == "credential_dump") {
            dumps(a, &s, std::slice::from_ref(&s));
        }
        return;
    }
    if !matches!(name, "curl" | "http" | "https" | "xh" | "wget" | "curlie") {
        return;
    }
    let l = inv.evidence.to_ascii_lowercase();
    let ev = clip(&inv.evidence);
    if (l.contains("/api/v1/users/") || l.contains("/api/v1/groups/")) && l.contains("/roles") {
        if let Some(r) = OKTA_ROLES.iter().find(|r| {
            l.match_indices(*r).any(|(i, _)| {
                let b = l[..i].chars().next_back();
                let f = l[i + r.len()..].chars().next();
                !b.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !f.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            })
        }) {
            a.facts.verbs.push(VerbFact {
                class: "admin_grant".into(),
                program: name.into(),
                verb: "POST roles".into(),
                detail: format!("the Okta administrator role {}", r.to_ascii_uppercase()),
                evidence: ev.clone(),
            });
        }
    }
    for cmd in [
        "computercommands/command/erasedevice",
        "mobiledevicecommands/command/erasedevice",
    ] {
        let Some(i) = l.find(cmd) else { continue };
        let rest = &l[i + cmd.len()..];
        let ids = rest.find("/id/").map_or("", |j| {
            let t = &rest[j + 4..];
            // up to the URL's end: a closing quote or space outside a substitution
            let mut depth = 0i32;
            let end = t
                .char_indices()
                .find(|(_, c)| {
                    match c {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        _ => {}
                    }
                    depth <= 0 && matches!(c, '"' | '\'' | ' ') && depth == 0
                })
                .map_or(t.len(), |(k, _)| k);
            &t[..end]
        });
        let many = ids.contains(',') || ids.contains("$(") || ids.contains('`');
        a.facts.verbs.push(VerbFact {
            class: if many {
                "bulk_destroy_all"
            } else {
                "device_wipe"
            }
            .into(),
            program: name.into(),
            verb: "EraseDevice".into(),
            detail: if many {
                format!("erases every computer in a list of ids built at run time or given ({ids})")
            } else {
                format!("erases the computer {ids}")
            },
            evidence: ev.clone(),
        });
        break;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> crate::facts::ShellContext {
        crate::facts::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    fn classes(c: &str) -> Vec<String> {
        let f = crate::analyze(c, &ctx());
        let mut v: Vec<String> = f.verbs.iter().map(|v| v.class.clone()).collect();
        if !f.secret_prints.is_empty() {
            v.push("secret_print".into());
        }
        v
    }

    fn has(c: &str, class: &str) -> bool {
        classes(c).iter().any(|x| x == class)
    }

    #[test]
    fn privileged_grants_by_principal_role_and_right() {
        for c in [
            "pwsh -c 'Add-ADGroupMember -Identity \"Schema Admins\" -Members svc-x'",
            "Add-ADGroupMember -Identity 'S-1-5-21-1004336348-1177238915-682003330-519' -Members bob",
            "Add-ADPrincipalGroupMembership -Identity bob -MemberOf 'Backup Operators'",
            "Add-LocalGroupMember -SID S-1-5-32-544 -Member corp\\bob",
            "New-MgRoleManagementDirectoryRoleAssignment -PrincipalId $u -RoleDefinitionId 62e90394-69f5-4237-9190-012177145e10 -DirectoryScopeId /",
            "Add-AzureADDirectoryRoleMember -ObjectId (Get-AzureADDirectoryRole | ? DisplayName -eq 'Privileged Role Administrator').ObjectId -RefObjectId $id",
            "Add-RoleGroupMember 'Discovery Management' -Member helpdesk01",
            "Add-RecipientPermission -Identity cfo@contoso.org -Trustee x -AccessRights SendAs",
            "Set-GPPermission -Guid $g -TargetName ops -TargetType Group -PermissionLevel GpoEdit",
            "Set-LapsADResetPasswordPermission -Identity 'OU=Kiosks,DC=x,DC=org' -AllowedPrincipals x",
            "powershell -c \"New-ManagementRoleAssignment -Role 'Mailbox Import Export' -User ops1\"",
        ] {
            assert!(has(c, "admin_grant"), "{c}: {:?}", classes(c));
        }
        for c in [
            "Add-ADGroupMember -Identity SG-Design-Writers -Members amy,raj",
            "Add-MailboxPermission -Identity team-projects@contoso.org -User amy -AccessRights FullAccess",
            "Set-GPPermission -Name 'Kiosk lockdown' -TargetName SG-Kiosks -TargetType Group -PermissionLevel GpoApply",
            "New-MgGroupMember -GroupId 1b2c -DirectoryObjectId 9f8e",
            "Get-ADGroupMember 'Domain Admins'",
            "Remove-ADGroupMember -Identity 'Domain Admins' -Members leaver2",
            "Grant-SmbShareAccess -Name scans -AccountName 'Domain Users' -AccessRight Read -Force",
        ] {
            assert!(!has(c, "admin_grant"), "{c}: {:?}", classes(c));
        }
        for c in [
            "$a = Get-ADGroup -Identity 'Enterprise Admins'; Add-ADGroupMember $a -Members bob",
            "Grant-SmbShareAccess -Name scans -AccountName Everyone -AccessRight Full -Force",
        ] {
            assert!(has(c, "admin_grant"), "{c}: {:?}", classes(c));
        }
        for c in [
            "Remove-GPO -Guid 6AC1786C-016F-11D2-945F-00C04FB984F9",
            "Disable-ADAccount -Identity krbtgt",
            "Remove-ADGroup -Identity 'Backup Operators' -Confirm:$false",
        ] {
            assert!(has(c, "critical_destroy"), "{c}: {:?}", classes(c));
        }
        assert!(has(
            "Remove-ADOrganizationalUnit -Identity 'OU=Temps,DC=x,DC=org' -Recursive -Confirm:$false",
            "bulk_destroy_some"
        ));
        for c in [
            "Remove-GPO -Name 'Kiosk pilot (old)' -Confirm:$false",
            "Remove-ADOrganizationalUnit -Identity 'OU=Empty,DC=x,DC=org' -Confirm:$false",
        ] {
            assert!(classes(c).is_empty(), "{c}: {:?}", classes(c));
        }
    }

    #[test]
    fn destroying_verbs_by_scope() {
        for c in [
            "pwsh -c 'Get-ADComputer -Filter * | Remove-ADComputer -Confirm:$false'",
            "Get-MgUser -All | % { Revoke-MgUserSignInSession -UserId $_.Id }",
            "Get-Mailbox -ResultSize Unlimited | Remove-Mailbox -Confirm:$false",
            "Get-ADUser -LDAPFilter '(objectClass=*)' | Disable-ADAccount",
            "Get-MgDeviceManagementManagedDevice | ForEach-Object { Invoke-MgRetireManagedDevice -ManagedDeviceId $_.Id }",
        ] {
            assert!(has(c, "bulk_destroy_all"), "{c}: {:?}", classes(c));
        }
        for c in [
            "Get-ADUser -Filter 'Department -eq \"Sales\"' | Remove-ADUser -Confirm:$false",
            "Get-ADUser -SearchBase 'OU=Temps,DC=x,DC=org' -Filter * | Disable-ADAccount",
            "Get-MgUser -All | Where-Object { $_.Department -eq 'Retail' } | ForEach-Object { Set-MgUserLicense -UserId $_.Id -RemoveLicenses @($s) -AddLicenses @() }",
        ] {
            assert!(has(c, "bulk_destroy_some"), "{c}: {:?}", classes(c));
        }
        assert!(has(
            "Invoke-MgWipeManagedDevice -ManagedDeviceId 11aa-22bb",
            "device_wipe"
        ));
        // One named object, listings, and lists from a file stay quiet.
        for c in [
            "Remove-ADUser -Identity leaver7 -Confirm:$false",
            "Get-ADUser leaver7 | Remove-ADUser -Confirm:$false",
            "Get-ADPrincipalGroupMembership leaver7 | ForEach-Object { Remove-ADGroupMember -Identity $_ -Members leaver7 -Confirm:$false }",
            "Get-MgUser -All | Select DisplayName,Mail",
            "Import-Csv leavers.csv | ForEach-Object { Disable-ADAccount -Identity $_.Sam }",
            "Remove-GPLink -Name 'Old' -Target 'OU=X,DC=y,DC=org'",
            "Get-ChildItem ./tmp | Remove-Item",
        ] {
            let got = classes(c);
            assert!(
                !got.iter().any(|x| x.starts_with("bulk") || x == "device_wipe"),
                "{c}: {got:?}"
            );
        }
    }

    #[test]
    fn directory_credentials() {
        for c in [
            "Get-ADReplAccount -All -Server dc2 -NamingContext 'DC=x,DC=org'",
            "Get-ADReplAccount -SamAccountName krbtgt -Server dc2 -Domain X",
            "ntdsutil \"activate instance ntds\" ifm \"create sysvol full D:\\m\" quit quit",
            "pwsh -c 'rundll32.exe comsvcs.dll, MiniDump 644 C:\\t\\x.bin full'",
            "Get-ADComputer -Filter * -Properties ms-Mcs-AdmPwd | Select Name,ms-Mcs-AdmPwd",
            "Get-ADComputer -SearchBase 'OU=Kiosk,DC=x,DC=org' -Filter * | Get-LapsADPassword -AsPlainText",
            "Get-MgInformationProtectionBitlockerRecoveryKey -All -Property key",
        ] {
            assert!(has(c, "credential_dump"), "{c}: {:?}", classes(c));
        }
        for c in [
            "Get-LapsADPassword -Identity KIOSK-07 -AsPlainText",
            "Get-ADComputer KIOSK-07 -Properties msLAPS-Password",
            "Get-MgInformationProtectionBitlockerRecoveryKey -BitlockerRecoveryKeyId 1a2b -Property key",
        ] {
            let got = classes(c);
            assert!(got.iter().any(|x| x == "secret_print"), "{c}: {got:?}");
            assert!(!got.iter().any(|x| x == "credential_dump"), "{c}: {got:?}");
        }
        for c in [
            "Get-LapsADPassword -Identity KIOSK-07",
            "Get-ADComputer -Filter * -Properties msLAPS-PasswordExpirationTime",
            "Get-MgInformationProtectionBitlockerRecoveryKey -Filter \"deviceId eq '1'\"",
        ] {
            assert!(classes(c).is_empty(), "{c}: {:?}", classes(c));
        }
    }

    #[test]
    fn mail_routed_outside() {
        for c in [
            "Set-InboxRule -Mailbox ana@fabrikam.com -Identity r1 -RedirectTo ana.backup@yahoo.com",
            "Set-Mailbox -Identity ops@fabrikam.com -ForwardingSmtpAddress archive@fabrikam-mail.net",
            "New-TransportRule -Name j -SentToScope NotInOrganization -RedirectMessageTo copy@records-vault.io",
            "Send-MailMessage -From hr@fabrikam.com -To hr.export@proton.me -Subject x -Attachments .\\staff.csv -SmtpServer smtp.fabrikam.com",
        ] {
            assert!(has(c, "mail_outside"), "{c}: {:?}", classes(c));
        }
        for c in [
            "Set-Mailbox -Identity ana@fabrikam.com -ForwardingSmtpAddress ben@fabrikam.com",
            "New-InboxRule -Mailbox ana@fabrikam.com -Name f -ForwardTo ben@eu.fabrikam.com",
            "Send-MailMessage -From hr@fabrikam.com -To friend@gmail.com -Subject hi -Body hello",
            "New-TransportRule -Name d -SentToScope NotInOrganization -ApplyHtmlDisclaimerText 'x'",
            "Get-InboxRule -Mailbox ana | Select Name,ForwardTo",
        ] {
            assert!(!has(c, "mail_outside"), "{c}: {:?}", classes(c));
        }
    }

    #[test]
    fn rest_calls() {
        assert!(has(
            "curl -X POST -H \"Authorization: SSWS $T\" https://x.okta.com/api/v1/groups/00g1/roles -d '{\"type\":\"ORG_ADMIN\"}'",
            "admin_grant"
        ));
        assert!(!has(
            "curl -X POST -H \"Authorization: SSWS $T\" https://x.okta.com/api/v1/users/00u1/roles -d '{\"type\":\"READ_ONLY_ADMIN\"}'",
            "admin_grant"
        ));
        assert!(has(
            "curl -X POST -u a:b \"$J/JSSResource/computercommands/command/EraseDevice/passcode/1/id/7\"",
            "device_wipe"
        ));
        assert!(has(
            "curl -X POST -u a:b \"$J/JSSResource/computercommands/command/EraseDevice/passcode/1/id/7,8,9\"",
            "bulk_destroy_all"
        ));
        assert!(classes(
            "curl -X POST -u a:b \"$J/JSSResource/computercommands/command/DeviceLock/passcode/1/id/7\""
        )
        .is_empty());
    }

    #[test]
    fn phrases_and_domains() {
        assert!(phrase("add -identity \"domain admins\"", "domain admins"));
        assert!(!phrase("sg-domain admins-x", "domain admins"));
        assert_eq!(registrable("mail.fabrikam.co.uk"), "fabrikam.co.uk");
        assert_eq!(registrable("eu.fabrikam.com"), "fabrikam.com");
        assert_eq!(
            addresses("a@x.org, smtp:b@y.net"),
            vec!["a@x.org", "b@y.net"]
        );
    }
}
