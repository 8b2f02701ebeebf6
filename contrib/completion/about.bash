# bash completion for about. Load it in this shell with
#   source <(about completion bash)
# or install it for every shell, e.g.
#   about completion bash > ~/.local/share/bash-completion/completions/about
#
# Adapted from urfave/cli's autocomplete/bash_autocomplete (MIT licence):
# about answers --generate-bash-completion with the commands, flags and
# flag values that fit the words so far. It needs only bash itself, not
# the bash-completion package: the words come from COMP_WORDS.

_about_complete() {
  local cur opts
  local -a words
  COMPREPLY=()
  cur="${COMP_WORDS[COMP_CWORD]}"
  words=("${COMP_WORDS[@]:0:COMP_CWORD}")
  if [[ "$cur" == "-"* ]]; then
    # A lone "--" would end about's flags, and with them completion:
    # "-" asks for every flag, and compgen keeps those matching cur.
    opts=$("${words[@]}" "-" --generate-bash-completion 2>/dev/null)
  else
    opts=$("${words[@]}" --generate-bash-completion 2>/dev/null)
  fi
  local IFS=$'\n'
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
  return 0
}

complete -o bashdefault -o default -F _about_complete about
