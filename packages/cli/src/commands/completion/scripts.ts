// The shell scripts `gw completion <shell>` prints. Each asks `gw __complete -- <words…>` for the
// candidates of the word being typed (one a line, `value<TAB>description`), so commands, flags, ids and
// model names are completed by gw itself and stay right as gw changes.

const BASH = `# bash completion for gw (source <(gw completion bash))
_gw_complete() {
  local cur="\${COMP_WORDS[COMP_CWORD]}"
  local IFS=$'\\n'
  local candidates
  candidates=$(gw __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null | cut -f1)
  COMPREPLY=($(compgen -W "$candidates" -- "$cur"))
}
complete -o default -F _gw_complete gw
`;

const ZSH = `#compdef gw
# zsh completion for gw (source <(gw completion zsh))
_gw_complete() {
  local -a lines described
  lines=("\${(@f)$(gw __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  local line
  for line in $lines; do
    [[ -z $line ]] && continue
    described+=("\${\${line%%$'\\t'*}//:/\\\\:}:\${line#*$'\\t'}")
  done
  _describe 'gw' described
}
compdef _gw_complete gw
`;

const FISH = `# fish completion for gw (gw completion fish | source)
function __gw_complete
    set -l tokens (commandline -opc) (commandline -ct)
    gw __complete -- $tokens[2..-1] 2>/dev/null
end
complete -c gw -f -a '(__gw_complete)'
`;

export const COMPLETION_SCRIPTS = { bash: BASH, zsh: ZSH, fish: FISH } as const;
export type CompletionShell = keyof typeof COMPLETION_SCRIPTS;
