//! Windows command knowledge as data (issue 11, h-pwsh): which PowerShell cmdlets, cmd.exe
//! builtins and Windows programs do what, and under which arguments. The mechanism that reads
//! a command line and applies these rows is `windows/mod.rs`; covering a new command is one
//! row here. Every row names its source (Microsoft Learn's reference page of the cmdlet or
//! command) and carries an example that must give its effect and one that must not (tested
//! below).
//!
//! Names are matched case-insensitively, without a `.exe` suffix or a folder; the first name of
//! a row is the canonical one (the cmdlet), the others its built-in aliases (`Get-Alias`).

/// What a matching statement does.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Effect {
    /// Deletes its path operands (`-Path`, `-LiteralPath`, positional); recursively when one of
    /// these parameters (PowerShell, prefix-matched) or cmd switches (`/s`) is given.
    Delete(&'static [&'static str]),
    /// Reads its path operands (`-Path`, `-LiteralPath`, positional).
    Read,
    /// Writes its path operand (`-Path`, `-FilePath`, `-LiteralPath`, positional).
    Write,
    /// Copies (or moves, `true`) `-Path`/first operand to `-Destination`/second operand.
    Copy(bool),
    /// Formats or wipes a volume (`-DriveLetter`, a `D:` operand, a path's drive).
    Volume,
    /// Wipes, initialises or repartitions a whole disk (`-Number`, `-DiskNumber`).
    Disk,
    /// A defence switched off or a trace wiped: an `evasion` fact of this kind.
    Evasion(&'static str),
    /// Something that runs later: a `persistence` fact of this kind.
    Persistence(&'static str),
    /// An account added or changed, or a group membership granted: `persistence` `account`.
    Account,
    /// Shuts down or restarts the machine: a command fact the power-off rule reads.
    PowerOff,
    /// Stops or disables a service or process named by these parameters (`-Name`, `/im`) or,
    /// with none given, by the operand at this index.
    Stop(&'static [&'static str], usize),
    /// Prints stored credentials where the agent reads them: a `secret_prints` fact.
    SecretPrint,
    /// Saves a registry hive holding account secrets (`reg save HKLM\SAM f`): a read of the
    /// hive's file.
    HiveSave,
    /// Runs a script of commands: diskpart's `/s FILE` (known text judged, unknown asked).
    DiskpartScript,
}

/// When a row applies.
#[derive(Debug, Clone, Copy)]
pub(crate) enum When {
    /// Always.
    Always,
    /// The first operand (a subcommand: `vssadmin delete`, `sc create`) is one of these.
    Sub(&'static [&'static str]),
    /// Every one of these words appears (as whole words, case-insensitive; `/add` too).
    Words(&'static [&'static str]),
    /// One of these words (or cmd switches, also with a `:value` glued on) appears.
    AnyWord(&'static [&'static str]),
    /// A PowerShell parameter (prefix-matched) is given a value among these (any value when
    /// the list is empty).
    Param(&'static str, &'static [&'static str]),
    /// A parameter whose name starts with this is set to true (`-DisableRealtimeMonitoring
    /// $true`, `-DisableIOAVProtection:1`).
    ParamTrue(&'static str),
    /// A check of its own (kept next to its row's source in `windows/mod.rs`).
    Check(fn(&super::Stmt) -> bool),
}

/// One row.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Row {
    /// The cmdlet or program, then its aliases (lower case).
    pub names: &'static [&'static str],
    /// What it does.
    pub effect: Effect,
    /// When.
    pub when: When,
    /// A command line that must give the effect.
    #[allow(dead_code)] // read by the tests
    pub danger: &'static str,
    /// A command line of the same program that must not (empty: none).
    #[allow(dead_code)] // read by the tests
    pub quiet: &'static str,
    /// Its reference page.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

use super::checks;
use Effect::*;
use When::*;

/// Remove-Item and its aliases (PowerShell `Get-Alias -Definition Remove-Item`; cmd's `rd`,
/// `rmdir`, `del`, `erase` take `/s`).
const REMOVE_ITEM: &[&str] = &["remove-item", "ri", "rm", "rmdir", "rd", "del", "erase"];

/// The table. Sources: Microsoft Learn, PowerShell module reference (Microsoft.PowerShell.*,
/// Storage, Defender, NetSecurity, LocalAccounts, ScheduledTasks) and "Windows commands".
pub(crate) const ROWS: &[Row] = &[
    // Files.
    Row {
        names: REMOVE_ITEM,
        effect: Delete(&["recurse", "/s"]),
        when: Always,
        danger: r"Remove-Item -Recurse -Force C:\Users\*",
        quiet: "",
        source: "Remove-Item; rd, rmdir, del, erase (Windows commands)",
    },
    Row {
        names: &[
            "remove-item",
            "ri",
            "rm",
            "del",
            "erase",
            "clear-content",
            "clc",
            "set-content",
        ],
        effect: Evasion("history"),
        when: Check(checks::history_file),
        danger: r"Remove-Item (Get-PSReadlineOption).HistorySavePath",
        quiet: r"Remove-Item .\history.txt",
        source: "about_PSReadLine (HistorySavePath), Remove-Item",
    },
    Row {
        names: &["get-content", "gc", "cat", "type"],
        effect: Read,
        when: Always,
        danger: r"Get-Content $env:USERPROFILE\.ssh\id_rsa",
        quiet: "",
        source: "Get-Content; type (Windows commands)",
    },
    Row {
        names: &["copy-item", "copy", "cp", "cpi", "xcopy", "robocopy"],
        effect: Copy(false),
        when: Always,
        danger: r"Copy-Item $env:USERPROFILE\.ssh\id_rsa .\k",
        quiet: "",
        source: "Copy-Item; copy, xcopy, robocopy (Windows commands)",
    },
    Row {
        names: &["move-item", "move", "mv", "mi"],
        effect: Copy(true),
        when: Always,
        danger: r"Move-Item $HOME\Documents .\d",
        quiet: "",
        source: "Move-Item; move (Windows commands)",
    },
    Row {
        names: &[
            "set-content",
            "sc",
            "add-content",
            "ac",
            "out-file",
            "new-item",
            "ni",
        ],
        effect: Write,
        when: Check(checks::not_service_control),
        danger: r"Add-Content $PROFILE 'Start-Process C:\u.exe'",
        quiet: "",
        source: "Set-Content, Add-Content, Out-File, New-Item",
    },
    // Disks and backups.
    Row {
        names: &["format-volume"],
        effect: Volume,
        when: Always,
        danger: "Format-Volume -DriveLetter D -FileSystem NTFS",
        quiet: "",
        source: "Format-Volume (Storage)",
    },
    Row {
        names: &["format"],
        effect: Volume,
        when: Check(checks::names_drive),
        danger: "format D: /FS:NTFS /Q",
        quiet: "format-table",
        source: "format (Windows commands)",
    },
    Row {
        names: &["cipher"],
        effect: Volume,
        when: AnyWord(&["/w"]),
        danger: r"cipher /w:C:\",
        quiet: r"cipher /e secret.txt",
        source: "cipher (Windows commands): /w removes data from free space",
    },
    Row {
        names: &[
            "clear-disk",
            "initialize-disk",
            "remove-partition",
            "clear-partition",
        ],
        effect: Disk,
        when: Always,
        danger: "Clear-Disk -Number 1 -RemoveData",
        quiet: "",
        source: "Clear-Disk, Initialize-Disk, Remove-Partition (Storage)",
    },
    Row {
        names: &["diskpart"],
        effect: DiskpartScript,
        when: Always,
        danger: "diskpart /s wipe.txt",
        quiet: "",
        source: "diskpart (Windows commands): /s runs a script; clean, format, delete",
    },
    Row {
        names: &["vssadmin"],
        effect: Evasion("recovery"),
        when: AnyWord(&["delete", "resize"]),
        danger: "vssadmin delete shadows /all /quiet",
        quiet: "vssadmin list shadows",
        source: "vssadmin delete shadows, vssadmin resize shadowstorage (Windows commands)",
    },
    Row {
        names: &["wbadmin"],
        effect: Evasion("recovery"),
        when: Sub(&["delete"]),
        danger: "wbadmin delete catalog -quiet",
        quiet: "wbadmin get versions",
        source: "wbadmin delete catalog, delete systemstatebackup, delete backup",
    },
    Row {
        names: &["bcdedit"],
        effect: Evasion("recovery"),
        when: Check(checks::recovery_off),
        danger: "bcdedit /set {default} recoveryenabled No",
        quiet: "bcdedit /enum",
        source: "bcdedit /set (BCD boot options: recoveryenabled, bootstatuspolicy)",
    },
    Row {
        names: &["wmic"],
        effect: Evasion("recovery"),
        when: Words(&["shadowcopy", "delete"]),
        danger: "wmic shadowcopy delete",
        quiet: "wmic shadowcopy list brief",
        source: "wmic (Win32_ShadowCopy)",
    },
    Row {
        names: &["remove-ciminstance", "remove-wmiobject", "rcim", "rwmi"],
        effect: Evasion("recovery"),
        when: Check(checks::shadow_copies),
        danger: "Get-CimInstance Win32_ShadowCopy | Remove-CimInstance",
        quiet: "",
        source: "Remove-CimInstance; Win32_ShadowCopy class",
    },
    // Power.
    Row {
        names: &["stop-computer", "restart-computer"],
        effect: PowerOff,
        when: Always,
        danger: "Stop-Computer -Force",
        quiet: "",
        source: "Stop-Computer, Restart-Computer",
    },
    Row {
        names: &["shutdown"],
        effect: PowerOff,
        when: AnyWord(&["/s", "/r", "/p", "/g", "/sg", "/h", "-s", "-r"]),
        danger: "shutdown /s /t 0",
        // `shutdown /a` (abort) records no power-off here; the POSIX reading's `shutdown`
        // command is the power-off rule's own matter.
        quiet: "",
        source: "shutdown (Windows commands)",
    },
    // Defences and traces.
    Row {
        names: &["set-mppreference"],
        effect: Evasion("antivirus"),
        when: ParamTrue("disable"),
        danger: "Set-MpPreference -DisableRealtimeMonitoring $true",
        quiet: "Set-MpPreference -DisableRealtimeMonitoring $false",
        source: "Set-MpPreference (Defender)",
    },
    Row {
        names: &["set-mppreference", "add-mppreference"],
        effect: Evasion("antivirus"),
        when: Check(checks::broad_exclusion),
        danger: r"Add-MpPreference -ExclusionPath C:\",
        quiet: "Add-MpPreference -AttackSurfaceReductionRules_Ids x",
        source: "Add-MpPreference -ExclusionPath/-ExclusionProcess/-ExclusionExtension",
    },
    Row {
        names: &["set-netfirewallprofile"],
        effect: Evasion("firewall"),
        when: Param("enabled", &["false", "$false", "0"]),
        danger: "Set-NetFirewallProfile -Profile Domain,Public -Enabled False",
        quiet: "Set-NetFirewallProfile -Enabled True",
        source: "Set-NetFirewallProfile (NetSecurity)",
    },
    Row {
        names: &["netsh"],
        effect: Evasion("firewall"),
        when: Words(&["advfirewall", "state", "off"]),
        danger: "netsh advfirewall set allprofiles state off",
        quiet: "netsh advfirewall show allprofiles",
        source: "netsh advfirewall set (Windows commands)",
    },
    Row {
        names: &["netsh"],
        effect: Evasion("firewall"),
        when: Words(&["firewall", "opmode", "disable"]),
        danger: "netsh firewall set opmode disable",
        quiet: "netsh firewall show state",
        source: "netsh firewall (legacy context)",
    },
    Row {
        names: &["set-executionpolicy"],
        effect: Evasion("execution_policy"),
        when: Check(checks::machine_policy_off),
        danger: "Set-ExecutionPolicy Unrestricted -Scope LocalMachine",
        quiet: "Set-ExecutionPolicy -Scope Process Bypass",
        source: "Set-ExecutionPolicy, about_Execution_Policies",
    },
    Row {
        names: &["wevtutil"],
        effect: Evasion("logs"),
        when: Sub(&["cl", "clear-log"]),
        danger: "wevtutil cl Security",
        quiet: "wevtutil qe Application /c:5",
        source: "wevtutil (Windows commands)",
    },
    Row {
        names: &["clear-eventlog", "remove-eventlog"],
        effect: Evasion("logs"),
        when: Always,
        danger: "Clear-EventLog -LogName Security",
        quiet: "",
        source: "Clear-EventLog, Remove-EventLog",
    },
    Row {
        names: &["fsutil"],
        effect: Evasion("logs"),
        when: Words(&["usn", "deletejournal"]),
        danger: "fsutil usn deletejournal /d C:",
        quiet: "fsutil usn queryjournal C:",
        source: "fsutil usn (Windows commands)",
    },
    Row {
        names: &["auditpol"],
        effect: Evasion("audit"),
        when: AnyWord(&["/clear", "/remove"]),
        danger: "auditpol /clear /y",
        quiet: "auditpol /get /category:*",
        source: "auditpol (Windows commands)",
    },
    Row {
        names: &["set-psreadlineoption"],
        effect: Evasion("history"),
        when: Param("historysavestyle", &["savenothing"]),
        danger: "Set-PSReadLineOption -HistorySaveStyle SaveNothing",
        quiet: "Set-PSReadLineOption -EditMode Emacs",
        source: "Set-PSReadLineOption",
    },
    // Accounts.
    Row {
        names: &["new-localuser", "add-localgroupmember", "enable-localuser"],
        effect: Account,
        when: Always,
        danger: "New-LocalUser -Name helper -Password $pw",
        quiet: "",
        source: "New-LocalUser, Add-LocalGroupMember, Enable-LocalUser (LocalAccounts)",
    },
    Row {
        names: &["set-localuser"],
        effect: Account,
        when: Param("password", &[]),
        danger: "Set-LocalUser -Name admin -Password $pw",
        quiet: "Set-LocalUser -Name dev -Description x",
        source: "Set-LocalUser",
    },
    Row {
        names: &["net", "net1"],
        effect: Account,
        when: Check(checks::net_account),
        danger: "net user helper P@ss1 /add",
        quiet: "net user",
        source: "net user, net localgroup (Windows commands)",
    },
    // Persistence.
    Row {
        names: &["schtasks"],
        effect: Persistence("scheduled_task"),
        when: AnyWord(&["/create", "/change"]),
        danger: r"schtasks /create /tn U /tr C:\u.exe /sc onlogon",
        quiet: "schtasks /query /fo LIST",
        source: "schtasks create, schtasks change (Windows commands)",
    },
    Row {
        names: &["register-scheduledtask", "set-scheduledtask"],
        effect: Persistence("scheduled_task"),
        when: Always,
        danger: "Register-ScheduledTask -TaskName U -Action $a -Trigger $t",
        quiet: "",
        source: "Register-ScheduledTask, Set-ScheduledTask (ScheduledTasks)",
    },
    Row {
        names: &["new-service"],
        effect: Persistence("service"),
        when: Always,
        danger: r"New-Service -Name U -BinaryPathName C:\u.exe",
        quiet: "",
        source: "New-Service",
    },
    Row {
        names: &["sc"],
        effect: Persistence("service"),
        when: Check(checks::sc_installs),
        danger: r"sc create U binPath= C:\u.exe start= auto",
        quiet: "sc query WinDefend",
        source: "sc.exe create, sc.exe config binpath= (Windows commands)",
    },
    Row {
        names: &["reg"],
        effect: Persistence("autostart"),
        when: Check(checks::reg_autostart),
        danger: r"reg add HKCU\Software\Microsoft\Windows\CurrentVersion\Run /v U /d C:\u.exe",
        quiet: r"reg query HKCU\Software\Microsoft\Windows\CurrentVersion\Run",
        source: "reg add (Windows commands); Run and RunOnce keys, Winlogon, IFEO Debugger",
    },
    Row {
        names: &["new-itemproperty", "set-itemproperty", "sp"],
        effect: Persistence("autostart"),
        when: Check(checks::registry_autostart),
        danger: r"New-ItemProperty -Path HKCU:\Software\Microsoft\Windows\CurrentVersion\Run -Name U -Value C:\u.exe",
        quiet: r"Set-ItemProperty -Path HKCU:\Software\Acme -Name Theme -Value dark",
        source: "New-ItemProperty, Set-ItemProperty; Run and RunOnce keys",
    },
    // Credentials.
    Row {
        names: &["reg"],
        effect: HiveSave,
        when: Check(checks::reg_saves_secret_hive),
        danger: r"reg save HKLM\SAM C:\Temp\sam.save",
        quiet: r"reg save HKCU\Software\Acme acme.hiv",
        source: "reg save (Windows commands); the SAM, SECURITY and SYSTEM hives",
    },
    Row {
        names: &["cmdkey"],
        effect: SecretPrint,
        // `//list`: Git Bash/MSYS2 pass a word starting with `//` on with one `/` removed
        // (MSYS2 docs, "Filesystem Paths": the way to keep a switch from path conversion).
        when: AnyWord(&["/list", "/l", "//list", "//l"]),
        danger: "cmdkey /list",
        quiet: "cmdkey /?",
        source: "cmdkey (Windows commands)",
    },
    Row {
        names: &["vaultcmd"],
        effect: SecretPrint,
        when: AnyWord(&["/listcreds"]),
        danger: r#"vaultcmd /listcreds:"Windows Credentials" /all"#,
        quiet: "vaultcmd /list",
        source: "vaultcmd /listcreds",
    },
    // Services and processes stopped.
    Row {
        names: &["stop-service", "spsv"],
        effect: Stop(&["name", "displayname"], 0),
        when: Always,
        danger: "Stop-Service -Name WinDefend -Force",
        quiet: "",
        source: "Stop-Service",
    },
    Row {
        names: &["set-service"],
        effect: Stop(&["name", "displayname"], 0),
        when: Check(checks::service_disabled),
        danger: "Set-Service -Name Sysmon64 -StartupType Disabled",
        quiet: "Set-Service -Name MyApp -StartupType Automatic",
        source: "Set-Service (-StartupType Disabled, -Status Stopped)",
    },
    Row {
        names: &["sc"],
        effect: Stop(&[], 1),
        when: Check(checks::sc_stops),
        danger: "sc stop WinDefend",
        quiet: "sc query WinDefend",
        source: "sc.exe stop, delete, config start= disabled",
    },
    Row {
        names: &["net", "net1"],
        effect: Stop(&[], 1),
        when: Sub(&["stop"]),
        danger: "net stop WinDefend",
        quiet: "net start",
        source: "net stop (Windows commands)",
    },
    Row {
        names: &["taskkill"],
        effect: Stop(&["/im", "/pid"], usize::MAX),
        when: Always,
        danger: "taskkill /f /im MsMpEng.exe",
        quiet: "",
        source: "taskkill (Windows commands)",
    },
    Row {
        names: &["stop-process", "spps", "kill"],
        effect: Stop(&["name", "processname", "id"], usize::MAX),
        when: Always,
        danger: "Stop-Process -Name MsMpEng -Force",
        quiet: "",
        source: "Stop-Process",
    },
];
