# bash completion for puzzlelab. Installed as
# share/bash-completion/completions/puzzlelab (bash-completion loads it on
# first use); or `source scripts/puzzlelab-completion.bash` by hand.
#
# Nothing is listed here: at every completion the binary being completed is
# asked (its own help), so the completion follows the binary it completes.
#   puzzlelab <TAB>                    games and problems      `puzzlelab help`
#   puzzlelab GAME <TAB>               commands                `puzzlelab GAME help`
#   puzzlelab GAME COMMAND --<TAB>     options                 `puzzlelab GAME COMMAND --help`
#   --objective, --algorithm, --from   objectives, algorithms, source problems (`GAME help`)
#   --opt a|b|c                        the choices its help shows
#   positional arguments, FILE-like option values: file names

# The first word of every line indented by two spaces under the first
# heading line that matches the extended regular expression $1, up to the
# next blank line; the help text comes on standard input.
_puzzlelab_listing() {
    local line first rest inside=0
    while IFS= read -r line; do
        if ((!inside)); then
            [[ $line =~ $1 ]] && inside=1
            continue
        fi
        [[ -z ${line//[[:space:]]/} ]] && break
        if [[ $line =~ ^\ \ [^\ ] ]]; then # not the deeper continuation lines
            read -r first rest <<<"$line"
            printf '%s\n' "$first"
        fi
    done
}

# The metavariable of option $1 in a command's help (stdin): "NAME" for
# "  --algorithm NAME   ...", nothing for a flag.
_puzzlelab_metavar() {
    local line opt arg rest
    while IFS= read -r line; do
        [[ $line == "  --"* ]] || continue
        read -r opt arg rest <<<"$line"
        if [[ $opt == "$1" ]]; then
            # a flag's description starts after two or more spaces
            [[ $line =~ ^\ +--[^\ ]+\ [^\ ] ]] && printf '%s\n' "$arg"
            return
        fi
    done
}

_puzzlelab_files() {
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$1")
}

_puzzlelab() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=""
    ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
    # --opt=value: bash splits it at '=' (COMP_WORDBREAKS)
    if [[ $cur == "=" ]]; then
        cur=""
    elif [[ $prev == "=" ]] && ((COMP_CWORD >= 2)); then
        prev=${COMP_WORDS[COMP_CWORD - 2]}
    fi
    local exe=${COMP_WORDS[0]/#\~/$HOME}
    COMPREPLY=()
    command -v "$exe" >/dev/null 2>&1 || return 0

    if ((COMP_CWORD == 1)); then
        local top names
        top=$("$exe" help 2>/dev/null)
        names="$(_puzzlelab_listing '^games:' <<<"$top") $(_puzzlelab_listing '^source problems' <<<"$top")"
        mapfile -t COMPREPLY < <(compgen -W "$names help --help --version" -- "$cur")
        return 0
    fi

    local thing=${COMP_WORDS[1]} ghelp
    ghelp=$("$exe" "$thing" help 2>/dev/null) || return 0
    if ((COMP_CWORD == 2)); then
        mapfile -t COMPREPLY < <(compgen -W "$(_puzzlelab_listing '^commands:' <<<"$ghelp") help" -- "$cur")
        return 0
    fi

    local cmd=${COMP_WORDS[2]} chelp
    chelp=$("$exe" "$thing" "$cmd" --help 2>/dev/null) || return 0

    if [[ $prev == -o ]]; then
        _puzzlelab_files "$cur"
        return 0
    fi
    if [[ $prev == --?* ]]; then
        local arg words=""
        arg=$(_puzzlelab_metavar "$prev" <<<"$chelp")
        if [[ -n $arg ]]; then
            case $prev in
            --objective)
                words=$(sed -n 's/^objectives ([^)]*): *//p' <<<"$ghelp" | sed 's/ *(default)//g')
                ;;
            --algorithm)
                words="auto $(_puzzlelab_listing '^algorithms' <<<"$ghelp" | grep -v '^--')"
                ;;
            --from)
                words=$(sed -n 's/^ *--from \([^ ]*\).*/\1/p' <<<"$ghelp" | sort -u)
                ;;
            esac
            if [[ -z $words && $arg == *"|"* ]]; then
                words=${arg//|/ }
            fi
            if [[ -n $words ]]; then
                mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
            elif [[ $arg =~ FILE|LEVEL|MOVES|SOURCE|DIR|PATH ]]; then
                _puzzlelab_files "$cur"
            fi
            return 0
        fi
    fi
    if [[ $cur == -* ]]; then
        local opts
        opts=$(sed -n 's/^  \(--[A-Za-z0-9-]*\).*/\1/p' <<<"$chelp")
        mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
        return 0
    fi
    _puzzlelab_files "$cur"
    return 0
}
complete -F _puzzlelab puzzlelab
