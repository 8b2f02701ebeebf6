#compdef about
# zsh completion for about. Install it on your $fpath, e.g.
#   about completion zsh > "${fpath[1]}/_about"
# then start a new shell (compinit must run in ~/.zshrc).
#
# Adapted from urfave/cli's autocomplete/zsh_autocomplete (MIT licence):
# about answers --generate-bash-completion with the commands, flags and
# flag values that fit the words so far.

_about() {
  local -a opts
  local cur
  cur=${words[-1]}
  if [[ "$cur" == "-"* ]]; then
    # A lone "--" would end about's flags, and with them completion; "-"
    # asks for every flag.
    opts=("${(@f)$(${words[@]:0:#words[@]-1} - --generate-bash-completion)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion)}")
  fi

  if [[ "${opts[1]}" != "" ]]; then
    _describe 'values' opts
  else
    _files
  fi
}

compdef _about about
