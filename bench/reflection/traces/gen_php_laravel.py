"""php-laravel: Callum, backend developer on Tallybook, an invoicing SaaS (PHP 8.3 / Laravel 11).

Stack: Laravel 11 app run with Laravel Sail (docker compose: laravel.test, mysql 8.0, redis, meilisearch,
mailpit), Horizon on Redis, Scout + Meilisearch for invoice/client search, Sanctum API (v1), Cashier (Stripe),
spatie/laravel-pdf, Pest 3 (via `sail artisan test`), Larastan/PHPStan, Laravel Pint, Vite, GitHub + gh,
staging on Laravel Forge (forge CLI), production via Envoyer.

Written blind for fresh/ (see php-laravel.md).

    cd bench/reflection/traces && python3 gen_php_laravel.py && python3 check.py && python3 fresh/check_fresh.py
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from tracegen import Dev  # noqa: E402

U = "callum"
R = "/home/callum/code/tallybook"
MODEL = "claude-opus-4-6"
GH = "https://github.com/tallybook/tallybook"
S = "./vendor/bin/sail"
STG = "staging.tallybook.app"

HX = random.Random(4417)


def hx(n):
    return "".join(HX.choice("0123456789abcdef") for _ in range(n))


def sha():
    return hx(7)


def P(rel):
    return f"{R}/{rel}"


# ----------------------------------------------------------------------------- virtual files
FILES = {}

FILES[P("app/Models/Invoice.php")] = r"""<?php

namespace App\Models;

use App\Enums\InvoiceStatus;
use App\Models\Concerns\BelongsToTeam;
use Illuminate\Database\Eloquent\Factories\HasFactory;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\Eloquent\Relations\BelongsTo;
use Illuminate\Database\Eloquent\Relations\HasMany;
use Laravel\Scout\Searchable;

class Invoice extends Model
{
    use BelongsToTeam;
    use HasFactory;
    use Searchable;

    protected $fillable = [
        'team_id',
        'client_id',
        'number',
        'status',
        'currency',
        'issued_at',
        'due_at',
        'sent_at',
        'paid_at',
        'subtotal_cents',
        'tax_cents',
        'total_cents',
        'notes',
    ];

    protected function casts(): array
    {
        return [
            'status' => InvoiceStatus::class,
            'issued_at' => 'date',
            'due_at' => 'date',
            'sent_at' => 'datetime',
            'paid_at' => 'datetime',
            'subtotal_cents' => 'integer',
            'tax_cents' => 'integer',
            'total_cents' => 'integer',
        ];
    }

    public function client(): BelongsTo
    {
        return $this->belongsTo(Client::class);
    }

    public function lines(): HasMany
    {
        return $this->hasMany(InvoiceLine::class)->orderBy('position');
    }

    public function payments(): HasMany
    {
        return $this->hasMany(Payment::class);
    }

    public function reminders(): HasMany
    {
        return $this->hasMany(InvoiceReminder::class);
    }

    public function balanceCents(): int
    {
        return $this->total_cents - (int) $this->payments()->sum('amount_cents');
    }

    public function toSearchableArray(): array
    {
        return [
            'id' => $this->id,
            'team_id' => $this->team_id,
            'client_id' => $this->client_id,
            'number' => $this->number,
            'client_name' => $this->client->name,
            'status' => $this->status->value,
            'currency' => $this->currency,
            'total_cents' => $this->total_cents,
            'issued_at' => $this->issued_at->getTimestamp(),
        ];
    }

    protected function makeAllSearchableUsing($query)
    {
        return $query->with('client');
    }
}
"""

FILES[P("app/Models/Client.php")] = r"""<?php

namespace App\Models;

use App\Models\Concerns\BelongsToTeam;
use Illuminate\Database\Eloquent\Factories\HasFactory;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\Eloquent\Relations\HasMany;
use Illuminate\Database\Eloquent\SoftDeletes;
use Laravel\Scout\Searchable;

class Client extends Model
{
    use BelongsToTeam;
    use HasFactory;
    use Searchable;
    use SoftDeletes;

    protected $fillable = [
        'team_id',
        'name',
        'email',
        'billing_address',
        'country',
        'currency',
        'payment_terms_days',
    ];

    public function invoices(): HasMany
    {
        return $this->hasMany(Invoice::class);
    }

    public function toSearchableArray(): array
    {
        return [
            'id' => $this->id,
            'team_id' => $this->team_id,
            'name' => $this->name,
            'email' => $this->email,
            'created_at' => $this->created_at->getTimestamp(),
        ];
    }
}
"""

FILES[P("app/Models/Team.php")] = r"""<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Factories\HasFactory;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\Eloquent\Relations\BelongsTo;
use Illuminate\Database\Eloquent\Relations\BelongsToMany;
use Illuminate\Database\Eloquent\Relations\HasMany;
use Laravel\Cashier\Billable;

class Team extends Model
{
    use Billable;
    use HasFactory;

    protected $fillable = [
        'name',
        'slug',
        'owner_id',
        'invoice_prefix',
        'next_invoice_number',
        'default_currency',
        'timezone',
    ];

    protected function casts(): array
    {
        return [
            'next_invoice_number' => 'integer',
            'trial_ends_at' => 'datetime',
        ];
    }

    public function owner(): BelongsTo
    {
        return $this->belongsTo(User::class, 'owner_id');
    }

    public function members(): BelongsToMany
    {
        return $this->belongsToMany(User::class)->withPivot('role')->withTimestamps();
    }

    public function clients(): HasMany
    {
        return $this->hasMany(Client::class);
    }

    public function invoices(): HasMany
    {
        return $this->hasMany(Invoice::class);
    }
}
"""

FILES[P("config/scout.php")] = r"""<?php

use App\Models\Client;
use App\Models\Invoice;

return [

    /*
    |--------------------------------------------------------------------------
    | Default Search Engine
    |--------------------------------------------------------------------------
    */

    'driver' => env('SCOUT_DRIVER', 'meilisearch'),

    'prefix' => env('SCOUT_PREFIX', ''),

    'queue' => env('SCOUT_QUEUE', true),

    'after_commit' => true,

    'chunk' => [
        'searchable' => 500,
        'unsearchable' => 500,
    ],

    'soft_delete' => false,

    'identify' => env('SCOUT_IDENTIFY', false),

    /*
    |--------------------------------------------------------------------------
    | Meilisearch Configuration
    |--------------------------------------------------------------------------
    |
    | Index settings (filterable / sortable attributes) live here, per model.
    |
    */

    'meilisearch' => [
        'host' => env('MEILISEARCH_HOST', 'http://localhost:7700'),
        'key' => env('MEILISEARCH_KEY'),
        'index-settings' => [
            Invoice::class => [
                'filterableAttributes' => ['team_id', 'client_id'],
                'sortableAttributes' => ['issued_at', 'total_cents'],
            ],
            Client::class => [
                'filterableAttributes' => ['team_id'],
                'sortableAttributes' => ['name', 'created_at'],
            ],
        ],
    ],

];
"""

FILES[P("app/Http/Controllers/InvoiceController.php")] = r"""<?php

namespace App\Http\Controllers;

use App\Actions\Invoices\CreateInvoice;
use App\Http\Requests\StoreInvoiceRequest;
use App\Models\Invoice;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Request;
use Illuminate\View\View;

class InvoiceController extends Controller
{
    public function index(Request $request): View
    {
        $invoices = Invoice::search($request->string('q')->value())
            ->where('team_id', $request->user()->current_team_id)
            ->orderBy('issued_at', 'desc')
            ->query(fn ($query) => $query->with('client'))
            ->paginate(25)
            ->withQueryString();

        return view('invoices.index', [
            'invoices' => $invoices,
            'q' => $request->string('q')->value(),
        ]);
    }

    public function store(StoreInvoiceRequest $request, CreateInvoice $createInvoice): RedirectResponse
    {
        $invoice = $createInvoice->handle($request->user()->currentTeam, $request->validated());

        return redirect()->route('invoices.show', $invoice)->with('status', "Invoice {$invoice->number} created.");
    }

    public function show(Invoice $invoice): View
    {
        $this->authorize('view', $invoice);

        return view('invoices.show', ['invoice' => $invoice->load('client', 'lines', 'payments')]);
    }
}
"""

FILES[P("resources/views/invoices/index.blade.php")] = r"""<x-app-layout title="Invoices">
    <div class="flex items-center justify-between gap-4">
        <form method="GET" action="{{ route('invoices.index') }}" class="flex flex-1 gap-2">
            <x-input name="q" :value="$q" placeholder="Search number or client" class="w-80" />
            <x-button type="submit" variant="secondary">Search</x-button>
        </form>
        <x-button :href="route('invoices.create')">New invoice</x-button>
    </div>

    <x-invoices.table :invoices="$invoices" class="mt-6" />

    <div class="mt-4">{{ $invoices->links() }}</div>
</x-app-layout>
"""

FILES[P("tests/Feature/InvoiceSearchTest.php")] = r"""<?php

use App\Models\Client;
use App\Models\Invoice;
use App\Models\User;

beforeEach(function () {
    $this->user = User::factory()->withTeam()->create();
    $this->team = $this->user->currentTeam;
});

it('finds invoices by number', function () {
    $client = Client::factory()->for($this->team)->create();
    Invoice::factory()->for($this->team)->for($client)->create(['number' => 'INV-2026-0041']);
    Invoice::factory()->for($this->team)->for($client)->create(['number' => 'INV-2026-0042']);

    $this->actingAs($this->user)
        ->get(route('invoices.index', ['q' => '0042']))
        ->assertOk()
        ->assertSee('INV-2026-0042')
        ->assertDontSee('INV-2026-0041');
});

it('finds invoices by client name', function () {
    $hollis = Client::factory()->for($this->team)->create(['name' => 'Hollis & Byrne']);
    $other = Client::factory()->for($this->team)->create(['name' => 'Quayside Studio']);
    Invoice::factory()->for($this->team)->for($hollis)->create(['number' => 'INV-2026-0050']);
    Invoice::factory()->for($this->team)->for($other)->create(['number' => 'INV-2026-0051']);

    $this->actingAs($this->user)
        ->get(route('invoices.index', ['q' => 'hollis']))
        ->assertSee('INV-2026-0050')
        ->assertDontSee('INV-2026-0051');
});

it('never shows invoices of another team', function () {
    $foreign = Invoice::factory()->create(['number' => 'INV-2026-0777']);

    $this->actingAs($this->user)
        ->get(route('invoices.index'))
        ->assertDontSee('INV-2026-0777');
});
"""

FILES[P("app/Http/Controllers/ClientController.php")] = r"""<?php

namespace App\Http\Controllers;

use App\Http\Requests\StoreClientRequest;
use App\Http\Requests\UpdateClientRequest;
use App\Models\Client;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Request;
use Illuminate\View\View;

class ClientController extends Controller
{
    public function index(Request $request): View
    {
        $clients = Client::search($request->string('q')->value())
            ->where('team_id', $request->user()->current_team_id)
            ->orderBy('name')
            ->paginate(25);

        return view('clients.index', ['clients' => $clients]);
    }

    public function store(StoreClientRequest $request): RedirectResponse
    {
        $client = $request->user()->currentTeam->clients()->create($request->validated());

        return redirect()->route('clients.show', $client)->with('status', 'Client created.');
    }

    public function update(UpdateClientRequest $request, Client $client): RedirectResponse
    {
        $client->update($request->validated());

        return redirect()->route('clients.show', $client)->with('status', 'Client updated.');
    }
}
"""

FILES[P("app/Http/Requests/StoreClientRequest.php")] = r"""<?php

namespace App\Http\Requests;

use Illuminate\Foundation\Http\FormRequest;
use Illuminate\Validation\Rule;

class StoreClientRequest extends FormRequest
{
    public function authorize(): bool
    {
        return $this->user()->can('create', \App\Models\Client::class);
    }

    public function rules(): array
    {
        return [
            'name' => ['required', 'string', 'max:160'],
            'email' => ['required', 'email', 'max:190'],
            'billing_address' => ['nullable', 'string', 'max:500'],
            'country' => ['required', 'string', 'size:2'],
            'currency' => ['required', Rule::in(config('tallybook.currencies'))],
            'payment_terms_days' => ['nullable', 'integer', 'between:0,120'],
        ];
    }
}
"""

FILES[P("app/Http/Requests/UpdateClientRequest.php")] = r"""<?php

namespace App\Http\Requests;

use Illuminate\Foundation\Http\FormRequest;
use Illuminate\Validation\Rule;

class UpdateClientRequest extends FormRequest
{
    public function authorize(): bool
    {
        return $this->user()->can('update', $this->route('client'));
    }

    public function rules(): array
    {
        return [
            'name' => ['sometimes', 'required', 'string', 'max:160'],
            'email' => ['sometimes', 'required', 'email', 'max:190'],
            'billing_address' => ['nullable', 'string', 'max:500'],
            'country' => ['sometimes', 'required', 'string', 'size:2'],
            'currency' => ['sometimes', Rule::in(config('tallybook.currencies'))],
            'payment_terms_days' => ['nullable', 'integer', 'between:0,120'],
        ];
    }
}
"""

FILES[P("resources/views/clients/_form.blade.php")] = r"""@props(['client' => null])

<div class="grid grid-cols-2 gap-4">
    <x-field label="Name" name="name" :value="old('name', $client?->name)" required />
    <x-field label="Email" name="email" type="email" :value="old('email', $client?->email)" required />
    <x-field label="Billing address" name="billing_address" as="textarea" class="col-span-2"
             :value="old('billing_address', $client?->billing_address)" />
    <x-country-select name="country" :value="old('country', $client?->country)" />
    <x-currency-select name="currency" :value="old('currency', $client?->currency)" />
    <x-field label="Payment terms (days)" name="payment_terms_days" type="number" min="0" max="120"
             :value="old('payment_terms_days', $client?->payment_terms_days)" />
</div>
"""

FILES[P("resources/views/pdf/invoice.blade.php")] = ""  # created in S1

FILES[P("tests/Feature/ClientTest.php")] = r"""<?php

use App\Models\Client;
use App\Models\User;

beforeEach(function () {
    $this->user = User::factory()->withTeam()->create();
    $this->team = $this->user->currentTeam;
});

it("lists the team's clients", function () {
    Client::factory()->for($this->team)->create(['name' => 'Hollis & Byrne']);

    $this->actingAs($this->user)
        ->get(route('clients.index'))
        ->assertOk()
        ->assertSee('Hollis &amp; Byrne', false);
});

it('shows a client', function () {
    $client = Client::factory()->for($this->team)->create();

    $this->actingAs($this->user)->get(route('clients.show', $client))->assertOk();
});

it('stores a client', function () {
    $this->actingAs($this->user)
        ->post(route('clients.store'), [
            'name' => 'Quayside Studio',
            'email' => 'accounts@quayside.studio',
            'country' => 'IE',
            'currency' => 'EUR',
        ])
        ->assertRedirect();

    $this->assertDatabaseHas('clients', ['team_id' => $this->team->id, 'name' => 'Quayside Studio']);
});

it('updates a client', function () {
    $client = Client::factory()->for($this->team)->create();

    $this->actingAs($this->user)
        ->patch(route('clients.update', $client), ['payment_terms_days' => 30])
        ->assertRedirect(route('clients.show', $client));

    expect($client->fresh()->payment_terms_days)->toBe(30);
});

it('does not show clients of another team', function () {
    $foreign = Client::factory()->create();

    $this->actingAs($this->user)->get(route('clients.show', $foreign))->assertForbidden();
});
"""

FILES[P("app/Http/Controllers/Api/V1/ClientController.php")] = r"""<?php

namespace App\Http\Controllers\Api\V1;

use App\Http\Controllers\Controller;
use App\Http\Resources\ClientResource;
use App\Models\Client;
use Illuminate\Http\Request;
use Illuminate\Http\Resources\Json\AnonymousResourceCollection;

class ClientController extends Controller
{
    public function index(Request $request): AnonymousResourceCollection
    {
        $clients = Client::search($request->string('search')->value())
            ->where('team_id', $request->user()->current_team_id)
            ->orderBy('name')
            ->paginate($request->integer('per_page', 50));

        return ClientResource::collection($clients);
    }

    public function show(Request $request, Client $client): ClientResource
    {
        $this->authorize('view', $client);

        return new ClientResource($client);
    }
}
"""

FILES[P("tests/Feature/Api/V1/ClientIndexTest.php")] = r"""<?php

use App\Models\Client;
use App\Models\User;
use Laravel\Sanctum\Sanctum;

beforeEach(function () {
    $this->user = User::factory()->withTeam()->create();
    Sanctum::actingAs($this->user, ['clients:read']);
});

it('lists the clients of the token team', function () {
    Client::factory()->count(3)->for($this->user->currentTeam)->create();
    Client::factory()->create();

    $this->getJson('/api/v1/clients')
        ->assertOk()
        ->assertJsonCount(3, 'data');
});

it('searches clients by name', function () {
    Client::factory()->for($this->user->currentTeam)->create(['name' => 'Hollis & Byrne']);
    Client::factory()->for($this->user->currentTeam)->create(['name' => 'Quayside Studio']);

    $this->getJson('/api/v1/clients?search=quay')
        ->assertOk()
        ->assertJsonPath('data.0.name', 'Quayside Studio')
        ->assertJsonCount(1, 'data');
});
"""

FILES[P("routes/console.php")] = r"""<?php

use Illuminate\Support\Facades\Schedule;

Schedule::command('invoices:mark-overdue')->dailyAt('06:00')->timezone('Europe/Dublin')->onOneServer();
Schedule::command('invoices:send-reminders')->dailyAt('09:00')->timezone('Europe/Dublin')->onOneServer();

Schedule::command('horizon:snapshot')->everyFiveMinutes();
Schedule::command('sanctum:prune-expired --hours=24')->daily();
"""

FILES[P("app/Console/Commands/MarkOverdueInvoices.php")] = r"""<?php

namespace App\Console\Commands;

use App\Enums\InvoiceStatus;
use App\Models\Invoice;
use Illuminate\Console\Command;

class MarkOverdueInvoices extends Command
{
    protected $signature = 'invoices:mark-overdue';

    protected $description = 'Flip sent invoices past their due date to overdue';

    public function handle(): int
    {
        $count = Invoice::query()
            ->where('status', InvoiceStatus::Sent)
            ->whereDate('due_at', '<', today())
            ->update(['status' => InvoiceStatus::Overdue]);

        $this->components->info("Marked {$count} invoices overdue.");

        return self::SUCCESS;
    }
}
"""

FILES[P("app/Console/Commands/SendOverdueReminders.php")] = r"""<?php

namespace App\Console\Commands;

use App\Enums\InvoiceStatus;
use App\Jobs\SendInvoiceReminder;
use App\Models\Invoice;
use Illuminate\Console\Command;
use Illuminate\Support\Facades\DB;

class SendOverdueReminders extends Command
{
    protected $signature = 'invoices:send-reminders';

    protected $description = 'Queue reminder emails for overdue invoices (3, 7 and 14 days past due)';

    public const REMINDER_DAYS = [3, 7, 14];

    public function handle(): int
    {
        $count = 0;

        Invoice::query()
            ->where('status', InvoiceStatus::Overdue)
            ->whereIn(DB::raw('DATEDIFF(CURDATE(), due_at)'), self::REMINDER_DAYS)
            ->whereDoesntHave('reminders', fn ($q) => $q->whereDate('sent_at', today()))
            ->each(function (Invoice $invoice) use (&$count) {
                SendInvoiceReminder::dispatch($invoice);
                $count++;
            });

        $this->components->info("Queued {$count} reminders.");

        return self::SUCCESS;
    }
}
"""

FILES[P("app/Jobs/SendInvoiceReminder.php")] = r"""<?php

namespace App\Jobs;

use App\Enums\InvoiceStatus;
use App\Mail\InvoiceReminderMail;
use App\Models\Invoice;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Foundation\Queue\Queueable;
use Illuminate\Support\Facades\Mail;

class SendInvoiceReminder implements ShouldQueue
{
    use Queueable;

    public int $tries = 3;

    public int $timeout = 120;

    public function __construct(public Invoice $invoice)
    {
        $this->onQueue('mail');
    }

    public function handle(): void
    {
        $invoice = $this->invoice->loadMissing('client', 'team');

        if ($invoice->status !== InvoiceStatus::Overdue) {
            return;
        }

        Mail::to($invoice->client->email)->send(new InvoiceReminderMail($invoice));

        $invoice->reminders()->create([
            'sent_at' => now(),
            'days_overdue' => (int) $invoice->due_at->diffInDays(today()),
        ]);
    }
}
"""

FILES[P("app/Mail/InvoiceReminderMail.php")] = r"""<?php

namespace App\Mail;

use App\Models\Invoice;
use Illuminate\Bus\Queueable;
use Illuminate\Mail\Mailable;
use Illuminate\Mail\Mailables\Content;
use Illuminate\Mail\Mailables\Envelope;
use Illuminate\Queue\SerializesModels;

class InvoiceReminderMail extends Mailable
{
    use Queueable;
    use SerializesModels;

    public function __construct(public Invoice $invoice)
    {
    }

    public function envelope(): Envelope
    {
        return new Envelope(
            replyTo: [$this->invoice->team->owner->email],
            subject: "Reminder: invoice {$this->invoice->number} is overdue",
        );
    }

    public function content(): Content
    {
        return new Content(markdown: 'mail.invoices.reminder');
    }
}
"""

FILES[P("tests/Feature/Mail/InvoiceReminderMailTest.php")] = r"""<?php

use App\Mail\InvoiceReminderMail;
use App\Models\Invoice;

it('has the invoice number in the subject', function () {
    $invoice = Invoice::factory()->overdue()->create(['number' => 'INV-2026-0107']);

    $mail = new InvoiceReminderMail($invoice);

    $mail->assertHasSubject('Reminder: invoice INV-2026-0107 is overdue');
});

it('replies to the team owner', function () {
    $invoice = Invoice::factory()->overdue()->create();

    (new InvoiceReminderMail($invoice))->assertHasReplyTo($invoice->team->owner->email);
});

it('links to the payment page', function () {
    $invoice = Invoice::factory()->overdue()->create();

    (new InvoiceReminderMail($invoice))->assertSeeInHtml(route('pay.show', $invoice->public_token));
});
"""

FILES[P("app/Mail/InvoiceSentMail.php")] = r"""<?php

namespace App\Mail;

use App\Models\Invoice;
use Illuminate\Bus\Queueable;
use Illuminate\Mail\Mailable;
use Illuminate\Mail\Mailables\Content;
use Illuminate\Mail\Mailables\Envelope;
use Illuminate\Queue\SerializesModels;

class InvoiceSentMail extends Mailable
{
    use Queueable;
    use SerializesModels;

    public function __construct(public Invoice $invoice)
    {
    }

    public function envelope(): Envelope
    {
        return new Envelope(
            replyTo: [$this->invoice->team->owner->email],
            subject: "Invoice {$this->invoice->number} from {$this->invoice->team->name}",
        );
    }

    public function content(): Content
    {
        return new Content(markdown: 'mail.invoices.sent');
    }

    public function attachments(): array
    {
        return [];
    }
}
"""

FILES[P("composer.json")] = r"""{
    "$schema": "https://getcomposer.org/schema.json",
    "name": "tallybook/tallybook",
    "type": "project",
    "description": "Tallybook - invoicing for small teams.",
    "license": "proprietary",
    "require": {
        "php": "^8.3",
        "laravel/cashier": "^15.4",
        "laravel/framework": "^11.38",
        "laravel/horizon": "^5.30",
        "laravel/sanctum": "^4.0",
        "laravel/scout": "^10.11",
        "laravel/tinker": "^2.10",
        "meilisearch/meilisearch-php": "^1.11",
        "spatie/laravel-data": "^4.11",
        "spatie/laravel-medialibrary": "^11.9",
        "spatie/laravel-permission": "^6.10"
    },
    "require-dev": {
        "barryvdh/laravel-debugbar": "^3.14",
        "fakerphp/faker": "^1.23",
        "larastan/larastan": "^3.0",
        "laravel/pint": "^1.18",
        "laravel/sail": "^1.39",
        "mockery/mockery": "^1.6",
        "nunomaduro/collision": "^8.5",
        "pestphp/pest": "^3.7",
        "pestphp/pest-plugin-laravel": "^3.0"
    },
    "autoload": {
        "psr-4": {
            "App\\": "app/",
            "Database\\Factories\\": "database/factories/",
            "Database\\Seeders\\": "database/seeders/"
        }
    },
    "autoload-dev": {
        "psr-4": {
            "Tests\\": "tests/"
        }
    },
    "scripts": {
        "post-autoload-dump": [
            "Illuminate\\Foundation\\ComposerScripts::postAutoloadDump",
            "@php artisan package:discover --ansi"
        ],
        "post-update-cmd": [
            "@php artisan vendor:publish --tag=laravel-assets --ansi --force"
        ]
    },
    "config": {
        "optimize-autoloader": true,
        "preferred-install": "dist",
        "sort-packages": true,
        "allow-plugins": {
            "pestphp/pest-plugin": true,
            "php-http/discovery": true
        }
    },
    "minimum-stability": "stable",
    "prefer-stable": true
}
"""

FILES[P("app/Providers/AppServiceProvider.php")] = r"""<?php

namespace App\Providers;

use Illuminate\Database\Eloquent\Model;
use Illuminate\Support\Facades\Date;
use Illuminate\Support\ServiceProvider;
use Carbon\CarbonImmutable;

class AppServiceProvider extends ServiceProvider
{
    public function register(): void
    {
        //
    }

    public function boot(): void
    {
        Model::shouldBeStrict(! $this->app->isProduction());
        Date::use(CarbonImmutable::class);
    }
}
"""

FILES[P("app/Support/Money.php")] = r"""<?php

namespace App\Support;

use Illuminate\Support\Number;
use InvalidArgumentException;

final class Money
{
    public static function format(int $cents, string $currency): string
    {
        return Number::currency($cents / 100, in: $currency, locale: 'en_IE');
    }

    /**
     * "1,234.50" -> 123450, "12" -> 1200. String maths only, never a float.
     */
    public static function parse(string $amount): int
    {
        $amount = str_replace([',', ' '], '', trim($amount));

        if (! preg_match('/^(\d+)(?:\.(\d{1,2}))?$/', $amount, $m)) {
            throw new InvalidArgumentException("Invalid amount [{$amount}].");
        }

        return ((int) $m[1]) * 100 + (int) str_pad($m[2] ?? '0', 2, '0');
    }
}
"""

FILES[P("app/Actions/Teams/UpdateInvoiceSettings.php")] = r"""<?php

namespace App\Actions\Teams;

use App\Models\Team;
use Illuminate\Support\Str;

final class UpdateInvoiceSettings
{
    /**
     * @param  array<string, mixed>  $data  validated UpdateInvoiceSettingsRequest data
     */
    public function handle(Team $team, array $data): Team
    {
        if (isset($data['invoice_prefix'])) {
            $data['invoice_prefix'] = Str::upper($data['invoice_prefix']);
        }

        $team->update($data);

        return $team;
    }
}
"""

FILES[P("app/Http/Requests/UpdateInvoiceSettingsRequest.php")] = r"""<?php

namespace App\Http\Requests;

use Illuminate\Foundation\Http\FormRequest;

class UpdateInvoiceSettingsRequest extends FormRequest
{
    public function authorize(): bool
    {
        return $this->user()->can('update', $this->user()->currentTeam);
    }

    public function rules(): array
    {
        return [
            'invoice_prefix' => ['sometimes', 'required', 'string', 'alpha_dash', 'max:12'],
            'default_currency' => ['sometimes', 'required', 'string', 'size:3'],
        ];
    }
}
"""

FILES[P("tests/Feature/Settings/InvoiceSettingsTest.php")] = r"""<?php

use App\Models\User;

beforeEach(function () {
    $this->user = User::factory()->withTeam()->create();
    $this->team = $this->user->currentTeam;
});

it('updates the invoice prefix', function () {
    $this->actingAs($this->user)
        ->put(route('settings.invoices.update'), ['invoice_prefix' => 'tb'])
        ->assertSessionHasNoErrors()
        ->assertRedirect();

    expect($this->team->fresh()->invoice_prefix)->toBe('TB');
});
"""

FILES[P("routes/api.php")] = r"""<?php

use App\Http\Controllers\Api\V1;
use Illuminate\Support\Facades\Route;

Route::prefix('v1')->middleware(['auth:sanctum', 'throttle:api'])->name('api.v1.')->group(function () {
    Route::get('clients', [V1\ClientController::class, 'index'])->name('clients.index');
    Route::get('clients/{client}', [V1\ClientController::class, 'show'])->name('clients.show');

    Route::get('invoices', [V1\InvoiceController::class, 'index'])->name('invoices.index');
    Route::post('invoices', [V1\InvoiceController::class, 'store'])->name('invoices.store');
    Route::get('invoices/{invoice}', [V1\InvoiceController::class, 'show'])->name('invoices.show');
    Route::post('invoices/{invoice}/send', [V1\InvoiceController::class, 'send'])->name('invoices.send');

    Route::post('invoices/{invoice}/payments', [V1\PaymentController::class, 'store'])->name('payments.store');
});
"""

FILES[P("app/Http/Resources/PaymentResource.php")] = r"""<?php

namespace App\Http\Resources;

use Illuminate\Http\Request;
use Illuminate\Http\Resources\Json\JsonResource;

/** @mixin \App\Models\Payment */
class PaymentResource extends JsonResource
{
    public function toArray(Request $request): array
    {
        return [
            'id' => $this->id,
            'invoice_id' => $this->invoice_id,
            'amount_cents' => $this->amount_cents,
            'currency' => $this->currency,
            'method' => $this->method,
            'paid_at' => $this->paid_at->toIso8601String(),
        ];
    }
}
"""

FILES[P("app/Http/Controllers/Api/V1/PaymentController.php")] = r"""<?php

namespace App\Http\Controllers\Api\V1;

use App\Actions\Payments\RecordPayment;
use App\Http\Controllers\Controller;
use App\Http\Requests\Api\StorePaymentRequest;
use App\Http\Resources\PaymentResource;
use App\Models\Invoice;
use Illuminate\Http\JsonResponse;

class PaymentController extends Controller
{
    public function store(StorePaymentRequest $request, Invoice $invoice, RecordPayment $recordPayment): JsonResponse
    {
        $this->authorize('update', $invoice);

        $payment = $recordPayment->handle($invoice, $request->validated());

        return (new PaymentResource($payment))->response()->setStatusCode(201);
    }
}
"""

FILES[P("app/Actions/Invoices/CreateInvoice.php")] = r"""<?php

namespace App\Actions\Invoices;

use App\Enums\InvoiceStatus;
use App\Models\Invoice;
use App\Models\Team;
use Illuminate\Support\Facades\DB;

final class CreateInvoice
{
    public function __construct(private AllocateInvoiceNumber $allocateNumber)
    {
    }

    /**
     * @param  array{client_id: int, currency?: string, issued_at?: string, due_at?: string|null, notes?: string|null, lines: list<array{description: string, quantity: int, unit_price_cents: int}>}  $data
     */
    public function handle(Team $team, array $data): Invoice
    {
        return DB::transaction(function () use ($team, $data) {
            $client = $team->clients()->findOrFail($data['client_id']);
            $issuedAt = isset($data['issued_at']) ? today()->parse($data['issued_at']) : today();
            $dueAt = isset($data['due_at'])
                ? today()->parse($data['due_at'])
                : $issuedAt->addDays($client->payment_terms_days ?? 14);

            $invoice = $team->invoices()->create([
                'client_id' => $client->id,
                'number' => $this->allocateNumber->handle($team),
                'status' => InvoiceStatus::Draft,
                'currency' => $data['currency'] ?? $client->currency,
                'issued_at' => $issuedAt,
                'due_at' => $dueAt,
                'notes' => $data['notes'] ?? null,
                'subtotal_cents' => 0,
                'tax_cents' => 0,
                'total_cents' => 0,
            ]);

            foreach ($data['lines'] as $i => $line) {
                $invoice->lines()->create([
                    'kind' => 'item',
                    'description' => $line['description'],
                    'quantity' => $line['quantity'],
                    'unit_price_cents' => $line['unit_price_cents'],
                    'amount_cents' => $line['quantity'] * $line['unit_price_cents'],
                    'position' => $i + 1,
                ]);
            }

            return tap($invoice)->recalculateTotals();
        });
    }
}
"""

FILES[P("app/Actions/Invoices/AllocateInvoiceNumber.php")] = r"""<?php

namespace App\Actions\Invoices;

use App\Models\Team;
use Illuminate\Support\Facades\DB;

final class AllocateInvoiceNumber
{
    /**
     * Gapless per-team sequence: lock the team row, take the number, bump it.
     * Must run inside the caller's transaction.
     */
    public function handle(Team $team): string
    {
        $row = DB::table('teams')->where('id', $team->id)->lockForUpdate()->first(['invoice_prefix', 'next_invoice_number']);

        DB::table('teams')->where('id', $team->id)->increment('next_invoice_number');

        $prefix = $row->invoice_prefix ?: 'INV';

        return sprintf('%s-%s-%04d', $prefix, now()->format('Y'), $row->next_invoice_number);
    }
}
"""

FILES[P("routes/web.php")] = r"""<?php

use App\Http\Controllers;
use Illuminate\Support\Facades\Route;

Route::get('/', fn () => redirect()->route('dashboard'));

Route::middleware(['auth', 'verified'])->group(function () {
    Route::get('dashboard', Controllers\DashboardController::class)->name('dashboard');

    Route::resource('clients', Controllers\ClientController::class)->except('destroy');
    Route::resource('invoices', Controllers\InvoiceController::class)->only(['index', 'create', 'store', 'show']);
    Route::post('invoices/{invoice}/send', Controllers\SendInvoiceController::class)->name('invoices.send');

    Route::get('settings/invoices', [Controllers\Settings\InvoiceSettingsController::class, 'edit'])->name('settings.invoices.edit');
    Route::put('settings/invoices', [Controllers\Settings\InvoiceSettingsController::class, 'update'])->name('settings.invoices.update');
});

Route::get('pay/{token}', [Controllers\PayController::class, 'show'])->name('pay.show');

require __DIR__.'/auth.php';
"""

FILES[P("resources/views/settings/invoices.blade.php")] = r"""<x-app-layout title="Invoice settings">
    <form method="POST" action="{{ route('settings.invoices.update') }}" class="max-w-xl space-y-4">
        @csrf
        @method('PUT')
        <x-field label="Invoice number prefix" name="invoice_prefix" :value="old('invoice_prefix', $team->invoice_prefix)" />
        <x-currency-select name="default_currency" :value="old('default_currency', $team->default_currency)" />
        <x-button type="submit">Save</x-button>
    </form>
</x-app-layout>
"""

del FILES[P("resources/views/pdf/invoice.blade.php")]


# ----------------------------------------------------------------------------- output helpers
WIDTH = 78


def tl(ok, name, secs):
    mark = "✓" if ok else "⨯"
    left = f"  {mark} {name}"
    right = f"{secs:.2f}s"
    return left + " " * max(1, WIDTH - len(left) - len(right)) + right + "  "


def secs(lo=0.02, hi=0.12):
    return HX.randint(int(lo * 100), int(hi * 100)) / 100


def pest_file(cls, tests, failed=(), first=0.35):
    head = ("   FAIL  " if failed else "   PASS  ") + cls
    out = [head]
    for i, name in enumerate(tests):
        out.append(tl(name not in failed, name, first if i == 0 else secs()))
    return "\n".join(out)


def pest_summary(passed, failed=0, assertions=None, dur=None, parallel=None):
    assertions = assertions or passed * 3 + HX.randint(0, passed)
    dur = dur or f"{HX.randint(60, 190) / 100:.2f}s"
    parts = (f"{failed} failed, " if failed else "") + f"{passed} passed ({assertions} assertions)"
    s = f"  Tests:    {parts}\n  Duration: {dur}"
    if parallel:
        s += f"\n  Parallel: {parallel} processes"
    return s


def pest_ok(files, dur=None):
    blocks = [pest_file(c, t, first=secs(0.28, 0.61)) for c, t in files]
    n = sum(len(t) for _, t in files)
    return "\n\n".join(blocks) + "\n\n" + pest_summary(n, dur=dur)


RULE = "  " + "─" * (WIDTH - 2) + "  "


def dots(n, fail_at=None):
    s = "".join("⨯" if i == fail_at else "." for i in range(n))
    rows = [s[i:i + 76] for i in range(0, len(s), 76)]
    return "\n".join("  " + r for r in rows)


def pest_parallel_ok(n, dur):
    return dots(n) + "\n\n" + pest_summary(n, dur=dur, parallel=8)


def code_excerpt(path, line, around=4):
    """Collision-style source excerpt from a virtual file (1-based line)."""
    lines = FILES_LIVE[path].split("\n")
    out = []
    for i in range(max(1, line - around), min(len(lines), line + around) + 1):
        mark = "  ➜ " if i == line else "    "
        out.append(f"{mark}{i:>3}▕ {lines[i - 1]}".rstrip())
    return "\n".join(out)


def line_of(path, needle, nth=1):
    text = FILES_LIVE[path]
    pos = -1
    for _ in range(nth):
        pos = text.index(needle, pos + 1)
    return text[:pos].count("\n") + 1


FILES_LIVE = {}  # set to d.files in gen()

MODEL_PHP_FILL = """  at vendor/laravel/framework/src/Illuminate/Database/Eloquent/Model.php:535
    531▕             } elseif ($totallyGuarded || static::preventsSilentlyDiscardingAttributes()) {
    532▕                 if (isset(static::$discardedAttributeViolationCallback)) {
    533▕                     call_user_func(static::$discardedAttributeViolationCallback, $this, [$key]);
    534▕                 } else {
  ➜ 535▕                     throw new MassAssignmentException(sprintf(
    536▕                         'Add [%s] to fillable property to allow mass assignment on [%s].',
    537▕                         $key, get_class($this)
    538▕                     ));
    539▕                 }
    540▕             }"""


def http_trace(fill_frames, ctrl_file, ctrl_line, ctrl_call, route_call, test_file, test_line, verb, pest=("Tests\\Feature\\X", "it_x")):
    """Throwable::__toString() trace of an exception thrown while handling a test request."""
    V = "/var/www/html/vendor/laravel/framework/src/Illuminate"
    fr = list(fill_frames)
    fr += [f"/var/www/html/{ctrl_file}({ctrl_line}): {ctrl_call}",
           f"{V}/Routing/ControllerDispatcher.php(46): {route_call}",
           f"{V}/Routing/Route.php(265): Illuminate\\Routing\\ControllerDispatcher->dispatch(Object(Illuminate\\Routing\\Route), Object({route_call.split('->')[0]}), '{route_call.split('->')[1].split('(')[0]}')",
           f"{V}/Routing/Route.php(211): Illuminate\\Routing\\Route->runController()",
           f"{V}/Routing/Router.php(808): Illuminate\\Routing\\Route->run()",
           f"{V}/Pipeline/Pipeline.php(169): Illuminate\\Routing\\Router->Illuminate\\Routing\\{{closure}}(Object(Illuminate\\Http\\Request))"]
    mids = ["Illuminate\\Routing\\Middleware\\SubstituteBindings", "Illuminate\\Auth\\Middleware\\EnsureEmailIsVerified",
            "Illuminate\\Auth\\Middleware\\Authenticate", "Illuminate\\Foundation\\Http\\Middleware\\VerifyCsrfToken",
            "Illuminate\\View\\Middleware\\ShareErrorsFromSession", "Illuminate\\Session\\Middleware\\StartSession",
            "Illuminate\\Cookie\\Middleware\\AddQueuedCookiesToResponse", "Illuminate\\Cookie\\Middleware\\EncryptCookies"]
    if "api/" in verb:
        mids = ["Illuminate\\Routing\\Middleware\\SubstituteBindings", "Illuminate\\Routing\\Middleware\\ThrottleRequests",
                "Illuminate\\Auth\\Middleware\\Authenticate",
                "Laravel\\Sanctum\\Http\\Middleware\\EnsureFrontendRequestsAreStateful"]
    for m in mids:
        fr.append(f"{V}/Pipeline/Pipeline.php(208): {m}->handle(Object(Illuminate\\Http\\Request), Object(Closure))")
    fr += [f"{V}/Pipeline/Pipeline.php(126): Illuminate\\Pipeline\\Pipeline->Illuminate\\Pipeline\\{{closure}}(Object(Illuminate\\Http\\Request))",
           f"{V}/Routing/Router.php(807): Illuminate\\Pipeline\\Pipeline->then(Object(Closure))",
           f"{V}/Routing/Router.php(786): Illuminate\\Routing\\Router->runRouteWithinStack(Object(Illuminate\\Routing\\Route), Object(Illuminate\\Http\\Request))",
           f"{V}/Routing/Router.php(750): Illuminate\\Routing\\Router->runRoute(Object(Illuminate\\Http\\Request), Object(Illuminate\\Routing\\Route))",
           f"{V}/Routing/Router.php(739): Illuminate\\Routing\\Router->dispatchToRoute(Object(Illuminate\\Http\\Request))",
           f"{V}/Foundation/Http/Kernel.php(201): Illuminate\\Routing\\Router->dispatch(Object(Illuminate\\Http\\Request))",
           f"{V}/Pipeline/Pipeline.php(169): Illuminate\\Foundation\\Http\\Kernel->Illuminate\\Foundation\\Http\\{{closure}}(Object(Illuminate\\Http\\Request))"]
    for m in ["Illuminate\\Foundation\\Http\\Middleware\\ConvertEmptyStringsToNull", "Illuminate\\Foundation\\Http\\Middleware\\TrimStrings",
              "Illuminate\\Http\\Middleware\\ValidatePostSize", "Illuminate\\Foundation\\Http\\Middleware\\PreventRequestsDuringMaintenance",
              "Illuminate\\Http\\Middleware\\HandleCors", "Illuminate\\Http\\Middleware\\TrustProxies"]:
        fr.append(f"{V}/Pipeline/Pipeline.php(208): {m}->handle(Object(Illuminate\\Http\\Request), Object(Closure))")
    method = verb.split()[0]
    url = verb.split()[1]
    url = url if len(url) <= 15 else url[:15] + "..."
    pcls = "P\\" + pest[0]
    pm = "__pest_evaluable_" + pest[1]
    fr += [f"{V}/Pipeline/Pipeline.php(126): Illuminate\\Pipeline\\Pipeline->Illuminate\\Pipeline\\{{closure}}(Object(Illuminate\\Http\\Request))",
           f"{V}/Foundation/Http/Kernel.php(176): Illuminate\\Pipeline\\Pipeline->then(Object(Closure))",
           f"{V}/Foundation/Http/Kernel.php(145): Illuminate\\Foundation\\Http\\Kernel->sendRequestThroughRouter(Object(Illuminate\\Http\\Request))",
           f"{V}/Foundation/Testing/Concerns/MakesHttpRequests.php(607): Illuminate\\Foundation\\Http\\Kernel->handle(Object(Illuminate\\Http\\Request))",
           f"{V}/Foundation/Testing/Concerns/MakesHttpRequests.php({'568' if 'Json' in method else '414'}): Illuminate\\Foundation\\Testing\\TestCase->call('{method.replace('Json', '').upper()}', '{url}', Array, Array, Array, Array{', NULL' if 'Json' in method else ''})",
           f"/var/www/html/{test_file}({test_line}): Illuminate\\Foundation\\Testing\\TestCase->{method}('{url}', Array)",
           f"/var/www/html/vendor/pestphp/pest/src/Factories/TestCaseMethodFactory.php(168): {pcls}->{{closure}}()",
           f"[internal function]: {pcls}->{{closure}}()",
           "/var/www/html/vendor/pestphp/pest/src/Concerns/Testable.php(419): call_user_func_array(Object(Closure), Array)",
           f"/var/www/html/vendor/pestphp/pest/src/Support/ExceptionTrace.php(26): Closure->__invoke()",
           "/var/www/html/vendor/pestphp/pest/src/Concerns/Testable.php(407): Pest\\Support\\ExceptionTrace::ensure(Object(Closure))",
           f"/var/www/html/vendor/phpunit/phpunit/src/Framework/TestCase.php(1240): {pcls}->{pm}()",
           "/var/www/html/vendor/phpunit/phpunit/src/Framework/TestCase.php(514): PHPUnit\\Framework\\TestCase->runTest()",
           "/var/www/html/vendor/phpunit/phpunit/src/Framework/TestRunner/TestRunner.php(87): PHPUnit\\Framework\\TestCase->runBare()",
           f"/var/www/html/vendor/phpunit/phpunit/src/Framework/TestCase.php(360): PHPUnit\\Framework\\TestRunner->run(Object({pcls}))",
           "/var/www/html/vendor/phpunit/phpunit/src/Framework/TestSuite.php(369): PHPUnit\\Framework\\TestCase->run()",
           "/var/www/html/vendor/phpunit/phpunit/src/Framework/TestSuite.php(369): PHPUnit\\Framework\\TestSuite->run()",
           "/var/www/html/vendor/phpunit/phpunit/src/TextUI/TestRunner.php(64): PHPUnit\\Framework\\TestSuite->run()",
           "/var/www/html/vendor/phpunit/phpunit/src/TextUI/Application.php(211): PHPUnit\\TextUI\\TestRunner->run(Object(PHPUnit\\TextUI\\Configuration\\Configuration), Object(PHPUnit\\Runner\\ResultCache\\DefaultResultCache), Object(PHPUnit\\Framework\\TestSuite))",
           "/var/www/html/vendor/pestphp/pest/src/Kernel.php(103): PHPUnit\\TextUI\\Application->run(Array)",
           "/var/www/html/vendor/pestphp/pest/bin/pest(184): Pest\\Kernel->handle(Array, Array)",
           "/var/www/html/vendor/pestphp/pest/bin/pest(192): {closure}()",
           "/var/www/html/vendor/bin/pest(119): include('/var/www/html/v...')"]
    return "\n".join(f"#{i} {f}" for i, f in enumerate(fr)) + f"\n#{len(fr)} {{main}}"


def git_push_new(branch):
    return f"""remote: 
remote: Create a pull request for '{branch}' on GitHub by visiting:        
remote:      {GH}/pull/new/{branch}        
remote: 
To github.com:tallybook/tallybook.git
 * [new branch]      {branch} -> {branch}
branch '{branch}' set up to track 'origin/{branch}'."""


def migration_created(name):
    return f"\n   INFO  Migration [database/migrations/{name}.php] created successfully.  \n"


def migrated(names, verb="Running migrations.", word="DONE"):
    rows = []
    for n in names:
        ms = f"{HX.randint(900, 6200) / 100:.2f}ms"
        rows.append(f"  {n} " + "." * max(3, 96 - len(n) - len(ms)) + f" {ms} {word}")
    return f"\n   INFO  {verb}  \n\n" + "\n".join(rows) + "\n"


def table_migration_stub(table):
    return r"""<?php

use Illuminate\Database\Migrations\Migration;
use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

return new class extends Migration
{
    /**
     * Run the migrations.
     */
    public function up(): void
    {
        Schema::table('TABLE', function (Blueprint $table) {
            //
        });
    }

    /**
     * Reverse the migrations.
     */
    public function down(): void
    {
        Schema::table('TABLE', function (Blueprint $table) {
            //
        });
    }
};
""".replace("TABLE", table)


def pint_out(files):
    """`pint --dirty` output: files is a list of (path, fixers or None)."""
    marks = "".join("✓" if fx else "." for _, fx in files)
    fixed = [(p, fx) for p, fx in files if fx]
    n_issues = sum(len(fx) for _, fx in fixed)
    head = f"\n  {marks}\n\n  " + "─" * 60 + " Laravel  \n"
    if not fixed:
        return head + "    PASS   " + "." * 40 + f" {len(files)} files  "
    s = head + "    FIXED   " + "." * 22 + f" {len(files)} files, {n_issues} style issue{'s' if n_issues != 1 else ''} fixed  \n"
    for p, fx in fixed:
        s += f"  ✓ {p} {', '.join(fx)}  \n"
    return s


def phpstan_ok(n_files, progress=True):
    s = "Note: Using configuration file /var/www/html/phpstan.neon.\n"
    if progress:
        s += f" {n_files}/{n_files} [▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓▓] 100%\n\n"
    s += "\n\n [OK] No errors\n"
    return s


def forge_deploy_log(sha_from, sha_to, files_changed, migrations, when):
    mig = ("\n   INFO  Running migrations.  \n\n" + "\n".join(
        f"  {m} " + "." * max(3, 80 - len(m)) + f" {HX.randint(1100, 9800) / 100:.2f}ms DONE" for m in migrations)) \
        if migrations else "\n   INFO  Nothing to migrate.  "
    return f"""{when}
From github.com:tallybook/tallybook
 * branch            staging    -> FETCH_HEAD
Updating {sha_from}..{sha_to}
Fast-forward
{files_changed}
Installing dependencies from lock file
Verifying lock file contents can be installed on current platform.
Nothing to install, update or remove
Generating optimized autoload files
> Illuminate\\Foundation\\ComposerScripts::postAutoloadDump
> @php artisan package:discover --ansi

   INFO  Discovering packages.  

97 packages you are using are looking for funding.
Use the `composer fund` command to find out more!
Restarting FPM...

added 214 packages, and audited 215 packages in 6s
found 0 vulnerabilities

> build
> vite build

vite v5.4.19 building for production...
✓ 61 modules transformed.
public/build/manifest.json             0.41 kB │ gzip:  0.19 kB
public/build/assets/app-{hx(8)}.css   58.12 kB │ gzip:  9.87 kB
public/build/assets/app-{hx(8)}.js    81.40 kB │ gzip: 30.55 kB
✓ built in 2.31s
{mig}

   INFO  Caching framework bootstrap, configuration, and metadata.  

  config ....................................................... 41.07ms DONE
  events ........................................................ 2.12ms DONE
  routes ....................................................... 38.90ms DONE
  views ....................................................... 212.64ms DONE

Settings for the [staging_invoices] index synced successfully.
Settings for the [staging_clients] index synced successfully.

   INFO  Sending TERM signal to processes.  
"""

FILES[P("app/Http/Controllers/Settings/InvoiceSettingsController.php")] = r"""<?php

namespace App\Http\Controllers\Settings;

use App\Actions\Teams\UpdateInvoiceSettings;
use App\Http\Controllers\Controller;
use App\Http\Requests\UpdateInvoiceSettingsRequest;
use Illuminate\Http\RedirectResponse;
use Illuminate\Http\Request;
use Illuminate\View\View;

class InvoiceSettingsController extends Controller
{
    public function edit(Request $request): View
    {
        return view('settings.invoices', ['team' => $request->user()->currentTeam]);
    }

    public function update(UpdateInvoiceSettingsRequest $request, UpdateInvoiceSettings $updateSettings): RedirectResponse
    {
        $updateSettings->handle($request->user()->currentTeam, $request->validated());

        return back()->with('status', 'Invoice settings saved.');
    }
}
"""

FILES[P("tests/Feature/Commands/MarkOverdueInvoicesTest.php")] = r"""<?php

use App\Enums\InvoiceStatus;
use App\Models\Invoice;

it('marks sent invoices past their due date as overdue', function () {
    $late = Invoice::factory()->sent()->create(['due_at' => today()->subDay()]);
    $notYet = Invoice::factory()->sent()->create(['due_at' => today()]);

    $this->artisan('invoices:mark-overdue')->assertSuccessful();

    expect($late->fresh()->status)->toBe(InvoiceStatus::Overdue)
        ->and($notYet->fresh()->status)->toBe(InvoiceStatus::Sent);
});

it('leaves drafts and paid invoices alone', function () {
    $draft = Invoice::factory()->create(['due_at' => today()->subWeek()]);
    $paid = Invoice::factory()->paid()->create(['due_at' => today()->subWeek()]);

    $this->artisan('invoices:mark-overdue')->assertSuccessful();

    expect($draft->fresh()->status)->toBe(InvoiceStatus::Draft)
        ->and($paid->fresh()->status)->toBe(InvoiceStatus::Paid);
});
"""

FILES[P("tests/Feature/Jobs/SendInvoiceReminderTest.php")] = r"""<?php

use App\Jobs\SendInvoiceReminder;
use App\Mail\InvoiceReminderMail;
use App\Models\Invoice;
use Illuminate\Support\Facades\Mail;

beforeEach(fn () => Mail::fake());

it('mails the client and records the reminder', function () {
    $invoice = Invoice::factory()->overdue()->create(['due_at' => today()->subDays(7)]);

    SendInvoiceReminder::dispatchSync($invoice);

    Mail::assertSent(InvoiceReminderMail::class, fn ($mail) => $mail->hasTo($invoice->client->email));
    expect($invoice->reminders()->first()->days_overdue)->toBe(7);
});

it('does nothing once the invoice is paid', function () {
    $invoice = Invoice::factory()->paid()->create();

    SendInvoiceReminder::dispatchSync($invoice);

    Mail::assertNothingSent();
});
"""

FILES[P("app/Data/TeamSettingsData.php")] = r"""<?php

namespace App\Data;

use Spatie\LaravelData\Attributes\MapOutputName;
use Spatie\LaravelData\Data;
use Spatie\LaravelData\Mappers\SnakeCaseMapper;

#[MapOutputName(SnakeCaseMapper::class)]
class TeamSettingsData extends Data
{
    public function __construct(
        public string $invoicePrefix,
        public string $defaultCurrency,
        public string $timezone,
    ) {
    }
}
"""

SUITE0 = 236  # tests in the suite at the start of the month


def composer_fail(cmd_pkg, problems, require=True):
    s = ""
    if require:
        s += "./composer.json has been updated\n"
    s += f"Running composer update {cmd_pkg}\n" if require else ""
    s += """Loading composer repositories with package information
Updating dependencies
Your requirements could not be resolved to an installable set of packages.

"""
    for i, lines in enumerate(problems, 1):
        s += f"  Problem {i}\n" + "".join(f"    - {l}\n" for l in lines)
    s += "\nUse the option --with-all-dependencies (-W) to allow upgrades, downgrades and removals for packages currently locked to specific versions.\n"
    if require:
        s += "\nInstallation failed, reverting ./composer.json and ./composer.lock to their original content.\n"
    return s


def composer_ok(cmd, lock_ops, funding=97, advisories=True):
    """lock_ops: list of ("Locking"|"Upgrading", pkg, version-or-(from,to))."""
    installs = sum(1 for op in lock_ops if op[0] == "Locking")
    updates = sum(1 for op in lock_ops if op[0] == "Upgrading")
    lk, dl, ins = [], [], []
    for op, pkg, v in lock_ops:
        if op == "Locking":
            lk.append(f"  - Locking {pkg} ({v})")
            dl.append(f"  - Downloading {pkg} ({v})")
            ins.append(f"  - Installing {pkg} ({v}): Extracting archive")
        else:
            lk.append(f"  - Upgrading {pkg} ({v[0]} => {v[1]})")
            dl.append(f"  - Downloading {pkg} ({v[1]})")
            ins.append(f"  - Upgrading {pkg} ({v[0]} => {v[1]}): Extracting archive")
    ops = f"{installs} install{'s' if installs != 1 else ''}, {updates} update{'s' if updates != 1 else ''}, 0 removals"
    return f"""./composer.json has been updated
Running composer update {cmd}
Loading composer repositories with package information
Updating dependencies
Lock file operations: {ops}
""" + "\n".join(lk) + f"""
Writing lock file
Installing dependencies from lock file (including require-dev)
Package operations: {ops}
""" + "\n".join(dl) + "\n" + "\n".join(ins) + f"""
Generating optimized autoload files
> Illuminate\\Foundation\\ComposerScripts::postAutoloadDump
> @php artisan package:discover --ansi

   INFO  Discovering packages.  

  barryvdh/laravel-debugbar ........................................... DONE
  laravel/cashier ..................................................... DONE
  laravel/horizon ..................................................... DONE
  laravel/pail ........................................................ DONE
  laravel/sail ........................................................ DONE
  laravel/sanctum ..................................................... DONE
  laravel/scout ....................................................... DONE
  laravel/tinker ...................................................... DONE
  nesbot/carbon ....................................................... DONE
  nunomaduro/collision ................................................ DONE
  nunomaduro/termwind ................................................. DONE
  pestphp/pest-plugin-laravel ......................................... DONE
  spatie/laravel-data ................................................. DONE
  spatie/laravel-medialibrary ......................................... DONE
""" + ("  spatie/laravel-pdf .................................................. DONE\n" if "laravel-pdf" in cmd or funding > 97 else "") + \
        """  spatie/laravel-permission ........................................... DONE

""" + f"""{funding} packages you are using are looking for funding.
Use the `composer fund` command to find out more!
> @php artisan vendor:publish --tag=laravel-assets --ansi --force

   INFO  No publishable resources for tag [laravel-assets].  

""" + ("No security vulnerability advisories found.\n" if advisories else "")


def s1(d, st):
    # ============================================================ S1  Mon 06-08
    with d.session("2026-06-08T09:10:00", R, branch="main", version="2.1.74"):
        t = d.task("morning. refresh my memory on overdue reminders end to end — scheduler to the email in the client's "
                   "inbox. I haven't been in that code since Marek wrote it", tags=["noise"])
        t.grep("invoices:send-reminders|SendInvoiceReminder", filenames=[
            P("routes/console.php"), P("app/Console/Commands/SendOverdueReminders.php"),
            P("app/Jobs/SendInvoiceReminder.php"), P("tests/Feature/Jobs/SendInvoiceReminderTest.php"),
            P("tests/Feature/Commands/SendOverdueRemindersTest.php")])
        t.read(P("routes/console.php"))
        t.read(P("app/Console/Commands/MarkOverdueInvoices.php"))
        t.read(P("app/Console/Commands/SendOverdueReminders.php"))
        t.read(P("app/Jobs/SendInvoiceReminder.php"))
        t.read(P("app/Mail/InvoiceReminderMail.php"))
        t.grep("'mail'|'default'", path=P("config/horizon.php"), output_mode="content", n=True, content="""198:            'queue' => ['default', 'mail'],
199:            'balance' => 'auto',
203:            'maxProcesses' => 3,""")
        t.done("""Four steps, all on the scheduler + Horizon:

1. **06:00 Europe/Dublin — `invoices:mark-overdue`** (`MarkOverdueInvoices`): one `UPDATE` that flips every `sent` invoice with `due_at < today` to `overdue`. Nothing else happens there.
2. **09:00 — `invoices:send-reminders`** (`SendOverdueReminders`): selects `overdue` invoices that are exactly **3, 7 or 14** days past due (`DATEDIFF(CURDATE(), due_at)` in MySQL) and that have no reminder row for today, and dispatches one `SendInvoiceReminder` job per invoice. Both commands are `onOneServer()`, so only one box runs them.
3. **`SendInvoiceReminder`** (queue `mail`, 3 tries, 120 s timeout): reloads client + team, bails out if the invoice is no longer overdue (paid in the meantime), sends `InvoiceReminderMail` synchronously inside the job, then writes an `invoice_reminders` row with `days_overdue`.
4. **`InvoiceReminderMail`**: markdown template `mail.invoices.reminder`, subject "Reminder: invoice {number} is overdue", reply-to the team owner.

Horizon runs `default` and `mail` on one supervisor (auto balancing, max 3 processes).

Two things worth knowing:
- The "already reminded today" guard is in the command, not the job — a job retried after the mail went out would send again (the reminder row is written *after* `Mail::send`).
- The day matching uses the DB server's `CURDATE()` while the schedule runs in Europe/Dublin time; at 09:00 that's the same date, so it's fine unless the schedule moves near midnight.""")

        t = d.task("Marek wants PDF invoices attached to the 'invoice sent' email. we agreed on spatie/laravel-pdf, and "
                   "it has to be ^1.5 — that's what he tested with. pull it in", tags=["mistake:M2"])
        t.fail('./vendor/bin/sail composer require "spatie/laravel-pdf:^1.5"', "Add spatie/laravel-pdf ^1.5",
               composer_fail("spatie/laravel-pdf", [[
                   "Root composer.json requires spatie/laravel-pdf ^1.5 -> satisfiable by spatie/laravel-pdf[1.5.0, 1.5.1, 1.5.2, 1.5.3].",
                   "spatie/laravel-pdf[1.5.0, ..., 1.5.3] require spatie/laravel-package-tools ^1.16.4 -> found "
                   "spatie/laravel-package-tools[1.16.4, ..., 1.19.0] but the package is fixed to 1.16.1 (lock file version) "
                   "by a partial update and that version does not match. Make sure you list it as an argument for the update command."]]),
               code=2)
        t.say("The only conflict is `spatie/laravel-package-tools`: laravel-pdf 1.5 needs ≥ 1.16.4 and the lock pins "
              "1.16.1, which a partial update isn't allowed to move. Checking what else depends on it before letting "
              "composer bump it.")
        t.bash(f"{S} composer why spatie/laravel-package-tools", "See which packages depend on laravel-package-tools",
               out="""spatie/laravel-data          4.11.1 requires spatie/laravel-package-tools (^1.9.0)  
spatie/laravel-medialibrary  11.9.2 requires spatie/laravel-package-tools (^1.16.1) 
spatie/laravel-permission    6.10.1 requires spatie/laravel-package-tools (^1.15.0)""")
        t.say("All three accept newer 1.x releases, so it's safe to let it move along with the new package.")
        t.bash(f'{S} composer require "spatie/laravel-pdf:^1.5" --with-all-dependencies',
               "Add laravel-pdf and allow its dependencies to be updated", timeout=300000,
               out=composer_ok("spatie/laravel-pdf --with-all-dependencies", [
                   ("Locking", "spatie/browsershot", "5.0.5"),
                   ("Locking", "spatie/laravel-pdf", "1.5.3"),
                   ("Upgrading", "spatie/laravel-package-tools", ("1.16.1", "1.19.0"))], funding=98))
        t.bash("git diff --stat composer.json composer.lock", "Check what changed in composer files",
               out=""" composer.json |   1 +
 composer.lock | 146 ++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++++---
 2 files changed, 139 insertions(+), 8 deletions(-)""")
        t.done("""`spatie/laravel-pdf` 1.5.3 is installed (`"spatie/laravel-pdf": "^1.5"` in composer.json).

The plain `composer require` refused because laravel-pdf 1.5 needs `spatie/laravel-package-tools` ≥ 1.16.4 and the lock had 1.16.1. Re-ran it with `--with-all-dependencies`, which let composer move that shared dependency as part of the same update:
- new: `spatie/laravel-pdf` 1.5.3, `spatie/browsershot` 5.0.5 (its renderer — drives headless Chrome through Puppeteer)
- upgraded: `spatie/laravel-package-tools` 1.16.1 → 1.19.0 (laravel-data, medialibrary and permission all allow it)

Nothing else in the lock moved. Not committed yet.""")

        st["n"] += 2
        t = d.task("now wire it up: InvoiceSentMail attaches the invoice as a PDF named after the number "
                   "(INV-2026-0112.pdf). simple blade view for it — our logo, both addresses, lines, totals. test "
                   "with Pdf::fake(). then render one real PDF from my local data so I can look at the layout",
                   tags=["unfixed:U1"])
        t.read(P("app/Mail/InvoiceSentMail.php"))
        t.write(P("resources/views/pdf/invoice.blade.php"), r"""<!DOCTYPE html>
<html lang="en">
<head>
    <meta charset="utf-8">
    <title>{{ $invoice->number }}</title>
    <style>
        body { font-family: 'Inter', sans-serif; font-size: 11px; color: #1f2937; margin: 32px; }
        .row { display: flex; justify-content: space-between; }
        h1 { font-size: 20px; margin: 0 0 4px; }
        table { width: 100%; border-collapse: collapse; margin-top: 24px; }
        th, td { padding: 6px 4px; border-bottom: 1px solid #e5e7eb; text-align: left; }
        td.num, th.num { text-align: right; }
        .totals td { border: 0; }
    </style>
</head>
<body>
    <div class="row">
        <div>
            <img src="{{ public_path('images/tallybook-logo.png') }}" height="28" alt="">
            <p>{{ $invoice->team->name }}<br>{!! nl2br(e($invoice->team->billing_address)) !!}</p>
        </div>
        <div>
            <h1>Invoice {{ $invoice->number }}</h1>
            <p>Issued {{ $invoice->issued_at->format('j M Y') }}<br>Due {{ $invoice->due_at->format('j M Y') }}</p>
        </div>
    </div>

    <p><strong>Bill to</strong><br>{{ $invoice->client->name }}<br>{!! nl2br(e($invoice->client->billing_address)) !!}</p>

    <table>
        <thead>
            <tr><th>Description</th><th class="num">Qty</th><th class="num">Unit price</th><th class="num">Amount</th></tr>
        </thead>
        <tbody>
            @foreach ($invoice->lines as $line)
                <tr>
                    <td>{{ $line->description }}</td>
                    <td class="num">{{ $line->quantity }}</td>
                    <td class="num">{{ \App\Support\Money::format($line->unit_price_cents, $invoice->currency) }}</td>
                    <td class="num">{{ \App\Support\Money::format($line->amount_cents, $invoice->currency) }}</td>
                </tr>
            @endforeach
        </tbody>
    </table>

    <table class="totals">
        <tr><td class="num">Subtotal</td><td class="num">{{ \App\Support\Money::format($invoice->subtotal_cents, $invoice->currency) }}</td></tr>
        <tr><td class="num">Tax</td><td class="num">{{ \App\Support\Money::format($invoice->tax_cents, $invoice->currency) }}</td></tr>
        <tr><td class="num"><strong>Total</strong></td><td class="num"><strong>{{ \App\Support\Money::format($invoice->total_cents, $invoice->currency) }}</strong></td></tr>
    </table>
</body>
</html>
""")
        t.edit(P("app/Mail/InvoiceSentMail.php"), """use Illuminate\\Mail\\Mailable;
""", """use Illuminate\\Mail\\Mailable;
use Illuminate\\Mail\\Mailables\\Attachment;
""")
        t.edit(P("app/Mail/InvoiceSentMail.php"), """use Illuminate\\Queue\\SerializesModels;
""", """use Illuminate\\Queue\\SerializesModels;
use Spatie\\LaravelPdf\\Facades\\Pdf;
""")
        t.edit(P("app/Mail/InvoiceSentMail.php"), """    public function attachments(): array
    {
        return [];
    }""", """    public function attachments(): array
    {
        $invoice = $this->invoice->loadMissing('client', 'lines', 'team');

        $pdf = Pdf::view('pdf.invoice', ['invoice' => $invoice])
            ->format('a4')
            ->base64();

        return [
            Attachment::fromData(fn () => base64_decode($pdf), "{$invoice->number}.pdf")
                ->withMime('application/pdf'),
        ];
    }""")
        t.write(P("tests/Feature/Mail/InvoiceSentMailTest.php"), r"""<?php

use App\Mail\InvoiceSentMail;
use App\Models\Invoice;
use Spatie\LaravelPdf\Facades\Pdf;

beforeEach(fn () => Pdf::fake());

it('attaches the invoice as a pdf named after the number', function () {
    $invoice = Invoice::factory()->sent()->create(['number' => 'INV-2026-0112']);

    $attachments = (new InvoiceSentMail($invoice))->attachments();

    expect($attachments)->toHaveCount(1)
        ->and($attachments[0]->as)->toBe('INV-2026-0112.pdf')
        ->and($attachments[0]->mime)->toBe('application/pdf');
});

it('renders the invoice view into the pdf', function () {
    $invoice = Invoice::factory()->sent()->create(['number' => 'INV-2026-0113']);

    (new InvoiceSentMail($invoice))->attachments();

    Pdf::assertViewIs('pdf.invoice');
    Pdf::assertSee('INV-2026-0113');
});
""")
        t.bash(f"{S} artisan test --filter=InvoiceSentMailTest", "Run the new mail tests",
               out=pest_ok([("Tests\\Feature\\Mail\\InvoiceSentMailTest",
                             ["it attaches the invoice as a pdf named after the number",
                              "it renders the invoice view into the pdf"])]))
        render = ('{S} artisan tinker --execute \'Spatie\\LaravelPdf\\Facades\\Pdf::view("pdf.invoice", ["invoice" => '
                  'App\\Models\\Invoice::with("client", "lines", "team")->latest("id")->first()])->format("a4")'
                  '->save(storage_path("app/invoice-preview.pdf"));\'').replace("{S}", S)
        t.fail(render, "Render one real invoice PDF from local data", r"""
   Symfony\Component\Process\Exception\ProcessFailedException 

  The command "PATH=$PATH:/usr/local/bin:/opt/homebrew/bin NODE_PATH=`npm root -g` node '/var/www/html/vendor/spatie/browsershot/src/../bin/browser.cjs' '{"url":"file:\/\/\/tmp\/1318066249-0462251001780911040\/index.html","action":"pdf","options":{"args":[],"viewport":{"width":800,"height":600},"displayHeaderFooter":false,"format":"a4","printBackground":true}}'" failed.

Exit Code: 1(General error)

Working directory: /var/www/html

Output:
================


Error Output:
================
Error: Could not find Chrome (ver. 131.0.6778.204). This can occur if either
 1. you did not perform an installation before running the script (e.g. `npx puppeteer browsers install chrome`) or
 2. your cache path is incorrectly configured (which is: /home/sail/.cache/puppeteer).
For (2), check out our guide on configuring puppeteer at https://pptr.dev/guides/configuration.
    at ChromeLauncher.resolveExecutablePath (/var/www/html/node_modules/puppeteer-core/lib/cjs/puppeteer/node/ProductLauncher.js:295:27)
    at ChromeLauncher.executablePath (/var/www/html/node_modules/puppeteer-core/lib/cjs/puppeteer/node/ChromeLauncher.js:205:25)
    at ChromeLauncher.computeLaunchArguments (/var/www/html/node_modules/puppeteer-core/lib/cjs/puppeteer/node/ChromeLauncher.js:89:37)
    at async ChromeLauncher.launch (/var/www/html/node_modules/puppeteer-core/lib/cjs/puppeteer/node/ProductLauncher.js:70:28)
    at async callChrome (/var/www/html/vendor/spatie/browsershot/bin/browser.cjs:87:23)


  at vendor/spatie/browsershot/src/Browsershot.php:1122
    1118▕         if ($exitCode === 2) {
    1119▕             throw new UnsuccessfulResponse($this->url, $this->getWrittenFile());
    1120▕         }
    1121▕ 
  ➜ 1122▕         throw new ProcessFailedException($process);
    1123▕     }
    1124▕ 
    1125▕     protected function getWrittenFile(): ?string
    1126▕     {

      +4 vendor frames 

  5   vendor/psy/psysh/src/ExecutionLoopClosure.php(53) : eval()'d code:1
      Spatie\LaravelPdf\PdfBuilder::save("/var/www/html/storage/app/invoice-preview.pdf")

      +8 vendor frames 

  14  artisan:13
      Illuminate\Foundation\Application::handleCommand(Object(Symfony\Component\Console\Input\ArgvInput))""")
        t.say("Puppeteer is installed (node_modules) but it can't find its Chrome build inside the Sail container. "
              "Checking where the browser actually got downloaded.")
        t.fail(f"{S} exec laravel.test ls /home/sail/.cache/puppeteer", "Look for Puppeteer's Chrome cache in the container",
               "ls: cannot access '/home/sail/.cache/puppeteer': No such file or directory", code=2)
        t.bash("ls ~/.cache/puppeteer", "Look for Puppeteer's Chrome cache on the host",
               out="chrome\nchrome-headless-shell")
        t.done("""The attachment is wired up and tested, but I couldn't render a real PDF.

Done:
- `resources/views/pdf/invoice.blade.php` — logo, team + client addresses, lines, subtotal/tax/total (amounts through `Money::format`).
- `InvoiceSentMail::attachments()` renders that view with laravel-pdf and attaches it as `{number}.pdf` (`application/pdf`).
- `tests/Feature/Mail/InvoiceSentMailTest.php` (2 tests, `Pdf::fake()`): both pass.

Not done — the real render fails with **`Could not find Chrome (ver. 131.0.6778.204)`**. Browsershot runs Puppeteer *inside* the Sail container, but `npm install` was run on your host, so Puppeteer's Chrome download landed in `~/.cache/puppeteer` on the host and the container's `/home/sail/.cache/puppeteer` doesn't exist.

To make it work locally we'd need to change the container: publish Sail's Dockerfile (`sail artisan sail:publish`) and install Chrome in it (or mount a Chromium and point Browsershot at it with `setChromePath`). That changes everyone's dev image, so I've left it for you to decide — say if you want me to do it. Staging/production need a Chrome on the Forge box as well before this can ship.""")

        t = d.task("horizon question while I think of it: reminders, the invoice-sent mails and the stripe webhook "
                   "jobs all go through the one supervisor (queues default + mail, max 3 processes). worth splitting?",
                   tags=["noise", "no_tools"])
        t.done("""Yes, I'd split it into two supervisors, mainly to protect the webhooks:

- **`supervisor-webhooks`** → queue `default` (Stripe webhook jobs, anything billing-related). `minProcesses` 1, `maxProcesses` 2. These must stay fast: Cashier state (subscription status, seats) lags until they run.
- **`supervisor-mail`** → queue `mail`. `maxProcesses` 2–3, `timeout` comfortably below the Redis connection's `retry_after`.

Why: with one supervisor and `balance => auto`, a 09:00 reminder burst (hundreds of `SendInvoiceReminder` jobs, each waiting on SMTP) can take all 3 processes, and a `customer.subscription.updated` webhook then waits behind them. Auto-balancing shifts workers between queues, but it only reacts after the queue has built up.

If you'd rather keep one supervisor, at least list the queues in priority order (`['default', 'mail']` with `balance => false`), so a worker always drains `default` before it takes a mail job. The cost is that mail can starve during a webhook storm, which is the lesser evil.

Either way it's a config-only change in `config/horizon.php` plus a `horizon:terminate` on deploy (Forge already does that).""")
    return st


MEILI_CLIENT_PHP = r"""  at vendor/meilisearch/meilisearch-php/src/Http/Client.php:189
    185▕             return null;
    186▕         }
    187▕ 
    188▕         if (!$this->isSuccessfulStatusCode($response)) {
  ➜ 189▕             throw new ApiException($response, $this->parseBody($response));
    190▕         }
    191▕ 
    192▕         return $this->parseBody($response);
    193▕     }"""


def meili_tinker_err(attr, avail, filt, call):
    start = filt.index(attr) + 1
    return ("\n   Meilisearch\\Exceptions\\ApiException \n\n"
            f"  Attribute `{attr}` is not filterable. Available filterable attributes are: {avail}.\n"
            f"{start}:{start + len(attr)} {filt}\n\n" + MEILI_CLIENT_PHP + "\n\n      +7 vendor frames \n\n"
            "  8   vendor/psy/psysh/src/ExecutionLoopClosure.php(53) : eval()'d code:1\n"
            f"      {call}\n\n      +7 vendor frames \n\n  16  artisan:13\n"
            "      Illuminate\\Foundation\\Application::handleCommand(Object(Symfony\\Component\\Console\\Input\\ArgvInput))")


FILL_NEW = [
    "/var/www/html/vendor/laravel/framework/src/Illuminate/Database/Eloquent/Model.php(221): Illuminate\\Database\\Eloquent\\Model->fill(Array)",
    "/var/www/html/vendor/laravel/framework/src/Illuminate/Database/Eloquent/Model.php(612): Illuminate\\Database\\Eloquent\\Model->__construct(Array)",
    "/var/www/html/vendor/laravel/framework/src/Illuminate/Database/Eloquent/Relations/HasOneOrMany.php(369): Illuminate\\Database\\Eloquent\\Model->newInstance(Array)",
]


def mass_http_fail(key, model, status_msg, assert_msg, trace, test_rel, fail_line, before_files, after_files, n_pass):
    msg = f"Add [{key}] to fillable property to allow mass assignment on [{model}]."
    out = "\n\n".join(before_files) + "\n" + RULE + "\n"
    out += f"   FAILED  {after_files}" + " " * 10 + "\n"
    out += f"  {status_msg}\n{assert_msg}\n\nThe following exception occurred during the last request:\n\n"
    out += (f"Illuminate\\Database\\Eloquent\\MassAssignmentException: {msg} in "
            "/var/www/html/vendor/laravel/framework/src/Illuminate/Database/Eloquent/Model.php:535\nStack trace:\n")
    out += trace + "\n\n" + "-" * 82 + "\n\n" + msg + "\n\n"
    out += f"  at {test_rel}:{fail_line}\n" + code_excerpt(P(test_rel), fail_line) + "\n\n"
    out += f"  1   {test_rel}:{fail_line}\n\n\n"
    out += pest_summary(n_pass, failed=1)
    return out


def s2(d, st):
    # ============================================================ S2  Wed 06-10
    with d.session("2026-06-10T10:00:00", R, branch="feat/invoice-status-filter", version="2.1.75"):
        st["n"] += 1
        t = d.task("invoices page: support wants a status filter next to the search box (draft / sent / overdue / paid "
                   "/ void). it should go through the scout search like q does, not a separate eloquent query. add a test",
                   tags=["mistake:M1"])
        t.read(P("app/Http/Controllers/InvoiceController.php"))
        t.read(P("config/scout.php"))
        t.read(P("resources/views/invoices/index.blade.php"))
        t.edit(P("config/scout.php"), "'filterableAttributes' => ['team_id', 'client_id'],",
               "'filterableAttributes' => ['team_id', 'client_id', 'status'],")
        t.edit(P("app/Http/Controllers/InvoiceController.php"), """use App\\Actions\\Invoices\\CreateInvoice;
""", """use App\\Actions\\Invoices\\CreateInvoice;
use App\\Enums\\InvoiceStatus;
""")
        t.edit(P("app/Http/Controllers/InvoiceController.php"), """        $invoices = Invoice::search($request->string('q')->value())
            ->where('team_id', $request->user()->current_team_id)
            ->orderBy('issued_at', 'desc')""", """        $status = $request->enum('status', InvoiceStatus::class);

        $invoices = Invoice::search($request->string('q')->value())
            ->where('team_id', $request->user()->current_team_id)
            ->when($status, fn ($search) => $search->where('status', $status->value))
            ->orderBy('issued_at', 'desc')""")
        t.edit(P("app/Http/Controllers/InvoiceController.php"), """            'q' => $request->string('q')->value(),
        ]);""", """            'q' => $request->string('q')->value(),
            'status' => $status,
        ]);""")
        t.edit(P("resources/views/invoices/index.blade.php"), """            <x-input name="q" :value="$q" placeholder="Search number or client" class="w-80" />
""", """            <x-input name="q" :value="$q" placeholder="Search number or client" class="w-80" />
            <x-select name="status" :options="\\App\\Enums\\InvoiceStatus::options()" :value="$status?->value"
                      placeholder="Any status" onchange="this.form.submit()" />
""")
        t.read(P("tests/Feature/InvoiceSearchTest.php"))
        t.edit(P("tests/Feature/InvoiceSearchTest.php"), """        ->assertDontSee('INV-2026-0777');
});
""", """        ->assertDontSee('INV-2026-0777');
});

it('filters invoices by status', function () {
    $client = Client::factory()->for($this->team)->create();
    Invoice::factory()->for($this->team)->for($client)->overdue()->create(['number' => 'INV-2026-0060']);
    Invoice::factory()->for($this->team)->for($client)->paid()->create(['number' => 'INV-2026-0061']);

    $this->actingAs($this->user)
        ->get(route('invoices.index', ['status' => 'overdue']))
        ->assertOk()
        ->assertSee('INV-2026-0060')
        ->assertDontSee('INV-2026-0061');
});
""")
        search_tests = ["it finds invoices by number", "it finds invoices by client name",
                        "it never shows invoices of another team", "it filters invoices by status"]
        t.bash(f"{S} artisan test --filter=InvoiceSearchTest", "Run the invoice search tests",
               out=pest_ok([("Tests\\Feature\\InvoiceSearchTest", search_tests)]))
        t.say("Green — but the tests run Scout's `collection` driver, which filters in PHP. Running the same search "
              "against the local Meilisearch, which is what production uses:")
        tinker = (f"{S} artisan tinker --execute 'dump(App\\Models\\Invoice::search(\"\")->where(\"team_id\", 1)"
                  "->where(\"status\", \"overdue\")->keys()->all());'")
        t.fail(tinker, "Check the status filter against local Meilisearch",
               meili_tinker_err("status", "`client_id`, `team_id`", 'team_id=1 AND status="overdue"',
                                "Laravel\\Scout\\Builder::keys()"))
        t.say("Meilisearch still has the old filterable attributes for the `invoices` index — editing "
              "`index-settings` in config/scout.php doesn't change the index by itself; the settings have to be pushed.")
        t.bash(f"{S} artisan scout:sync-index-settings", "Push the Scout index settings to Meilisearch",
               out="Settings for the [invoices] index synced successfully.\nSettings for the [clients] index synced successfully.")
        t.bash(tinker, "Re-check the status filter against Meilisearch", out="""array:4 [
  0 => 1187
  1 => 1203
  2 => 1261
  3 => 1290
] // vendor/psy/psysh/src/ExecutionLoopClosure.php(53) : eval()'d code:1""")
        t.done("""Status filter is in:
- `InvoiceController@index` reads `?status=` as an `InvoiceStatus` enum (`$request->enum`, so junk values are ignored) and adds `->where('status', …)` to the Scout search; the view gets `status` back.
- `invoices/index.blade.php`: a status select next to the search box (submits on change, "Any status" = no filter).
- `config/scout.php`: `status` added to the invoices index's `filterableAttributes` (it was already in `toSearchableArray`).
- Test "filters invoices by status" — `InvoiceSearchTest` 4/4 green.

Against the real Meilisearch it first failed with "Attribute `status` is not filterable" — the index still had the old settings. I ran `sail artisan scout:sync-index-settings`, and the same query now returns the 4 overdue invoices of team 1 locally.""")

        st["n"] += 2
        mig = "2026_06_10_104812_add_tax_id_to_clients_table"
        t = d.task("clients need a VAT / tax id: new nullable column, on the create + edit forms, printed on the PDF "
                   "under the client's address. validation goes in the Form Request classes like everywhere else — "
                   "never inline $request->validate() in a controller. an EU-style format check is enough",
                   tags=["mistake:M3", "workflow:W2", "pref:P2"])
        t.bash(f"{S} artisan make:migration add_tax_id_to_clients_table", "Create the migration",
               out=migration_created(mig))
        d.files[P(f"database/migrations/{mig}.php")] = table_migration_stub("clients")
        t.read(P(f"database/migrations/{mig}.php"))
        t.write(P(f"database/migrations/{mig}.php"), r"""<?php

use Illuminate\Database\Migrations\Migration;
use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

return new class extends Migration
{
    public function up(): void
    {
        Schema::table('clients', function (Blueprint $table) {
            $table->string('tax_id', 20)->nullable()->after('country');
        });
    }

    public function down(): void
    {
        Schema::table('clients', function (Blueprint $table) {
            $table->dropColumn('tax_id');
        });
    }
};
""")
        t.bash(f"{S} artisan migrate", "Run the migration", out=migrated([mig]))
        t.bash(f"{S} artisan migrate:rollback --step=1", "Check the down migration",
               out=migrated([mig], "Rolling back migrations."))
        t.bash(f"{S} artisan migrate", "Migrate again", out=migrated([mig]))
        rule = """            'tax_id' => ['nullable', 'string', 'regex:/^[A-Z]{2}[0-9A-Z+*]{2,12}$/'],
"""
        prep = """
    protected function prepareForValidation(): void
    {
        if ($this->filled('tax_id')) {
            $this->merge(['tax_id' => strtoupper(preg_replace('/[\\s.-]+/', '', (string) $this->input('tax_id')))]);
        }
    }
"""
        for f in ("StoreClientRequest", "UpdateClientRequest"):
            t.read(P(f"app/Http/Requests/{f}.php"))
            t.edit(P(f"app/Http/Requests/{f}.php"), """            'payment_terms_days' => ['nullable', 'integer', 'between:0,120'],
        ];
    }
""", """            'payment_terms_days' => ['nullable', 'integer', 'between:0,120'],
""" + rule + """        ];
    }
""" + prep)
        t.read(P("resources/views/clients/_form.blade.php"))
        t.edit(P("resources/views/clients/_form.blade.php"), """    <x-currency-select name="currency" :value="old('currency', $client?->currency)" />
""", """    <x-currency-select name="currency" :value="old('currency', $client?->currency)" />
    <x-field label="VAT / tax ID" name="tax_id" :value="old('tax_id', $client?->tax_id)" placeholder="IE6388047V" />
""")
        t.read(P("resources/views/pdf/invoice.blade.php"))
        t.edit(P("resources/views/pdf/invoice.blade.php"),
               """    <p><strong>Bill to</strong><br>{{ $invoice->client->name }}<br>{!! nl2br(e($invoice->client->billing_address)) !!}</p>""",
               """    <p><strong>Bill to</strong><br>{{ $invoice->client->name }}<br>{!! nl2br(e($invoice->client->billing_address)) !!}
        @if ($invoice->client->tax_id)<br>VAT {{ $invoice->client->tax_id }}@endif
    </p>""")
        t.read(P("tests/Feature/ClientTest.php"))
        t.edit(P("tests/Feature/ClientTest.php"), """    $this->actingAs($this->user)->get(route('clients.show', $foreign))->assertForbidden();
});
""", """    $this->actingAs($this->user)->get(route('clients.show', $foreign))->assertForbidden();
});

it('stores a client with a tax id', function () {
    $this->actingAs($this->user)
        ->post(route('clients.store'), [
            'name' => 'Hollis & Byrne',
            'email' => 'accounts@hollisbyrne.ie',
            'country' => 'IE',
            'currency' => 'EUR',
            'tax_id' => 'ie 6388047v',
        ])
        ->assertSessionHasNoErrors()
        ->assertRedirect();

    $this->assertDatabaseHas('clients', ['name' => 'Hollis & Byrne', 'tax_id' => 'IE6388047V']);
});

it('rejects a malformed tax id', function () {
    $this->actingAs($this->user)
        ->post(route('clients.store'), [
            'name' => 'Quayside Studio',
            'email' => 'accounts@quayside.studio',
            'country' => 'IE',
            'currency' => 'EUR',
            'tax_id' => '12',
        ])
        ->assertSessionHasErrors('tax_id');
});
""")
        ct = P("tests/Feature/ClientTest.php")
        client_tests = ["it lists the team's clients", "it shows a client", "it stores a client", "it updates a client",
                        "it does not show clients of another team", "it stores a client with a tax id",
                        "it rejects a malformed tax id"]
        fl = line_of(ct, "->assertRedirect();", 2)
        trace = http_trace(FILL_NEW, "app/Http/Controllers/ClientController.php",
                           line_of(P("app/Http/Controllers/ClientController.php"), "->clients()->create("),
                           "Illuminate\\Database\\Eloquent\\Relations\\HasOneOrMany->create(Array)",
                           "App\\Http\\Controllers\\ClientController->store(Object(App\\Http\\Requests\\StoreClientRequest))",
                           "tests/Feature/ClientTest.php", line_of(ct, "->post(route('clients.store'), [", 2),
                           "post http://localhost/clients",
                           pest=("Tests\\Feature\\ClientTest", "it_stores_a_client_with_a_tax_id"))
        t.fail(f"{S} artisan test --filter=ClientTest", "Run the client tests",
               mass_http_fail("tax_id", "App\\Models\\Client",
                              "Expected response status code [201, 301, 302, 303, 307, 308] but received 500.",
                              "Failed asserting that false is true.", trace, "tests/Feature/ClientTest.php", fl,
                              [pest_file("Tests\\Feature\\ClientTest", client_tests,
                                         failed={"it stores a client with a tax id"}, first=0.47)],
                              "Tests\\Feature\\ClientTest > it stores a client with a tax id", 6))
        t.say("The request validates, then `clients()->create($request->validated())` throws: `tax_id` isn't in "
              "`Client::$fillable`, and `Model::shouldBeStrict()` (on outside production) turns the silently-dropped "
              "attribute into an exception. Adding it to the model:")
        t.read(P("app/Models/Client.php"))
        t.edit(P("app/Models/Client.php"), """    protected $fillable = [
        'team_id',
        'name',
        'email',
        'billing_address',
        'country',
        'currency',
        'payment_terms_days',
    ];""", """    protected $fillable = [
        'team_id',
        'name',
        'email',
        'billing_address',
        'country',
        'tax_id',
        'currency',
        'payment_terms_days',
    ];""")
        t.bash(f"{S} artisan test --filter=ClientTest", "Re-run the client tests",
               out=pest_ok([("Tests\\Feature\\ClientTest", client_tests)]))
        t.done(f"""Tax ID is in:
- Migration `{mig}`: `clients.tax_id` varchar(20) nullable after `country` (up, rollback and up again all fine).
- `StoreClientRequest` / `UpdateClientRequest`: `tax_id` nullable, EU-style format (2-letter prefix + 2–12 chars); `prepareForValidation` uppercases it and strips spaces, dots and dashes first, so "ie 6388047v" is stored as `IE6388047V`.
- Client form: "VAT / tax ID" field; PDF: "VAT …" line under the client's address when set.
- `Client::$fillable` now includes `tax_id` — without it the store request 500'd with a `MassAssignmentException` (strict mode), which the new test caught.
- Tests: "stores a client with a tax id", "rejects a malformed tax id" — `ClientTest` 7/7 green.""")

        t = d.task("ship it: pint, phpstan, the suite, push, PR", tags=["workflow:W1"])
        t.bash(f"{S} pint --dirty", "Format changed files with Pint", out=pint_out([
            ("app/Http/Controllers/InvoiceController.php", None), ("app/Http/Requests/StoreClientRequest.php", ["concat_space"]),
            ("app/Http/Requests/UpdateClientRequest.php", ["concat_space"]), ("app/Models/Client.php", None),
            ("config/scout.php", None), (f"database/migrations/{mig}.php", None),
            ("tests/Feature/ClientTest.php", None), ("tests/Feature/InvoiceSearchTest.php", None)]))
        t.bash(f"{S} bin phpstan analyse --no-progress", "Static analysis", out=phpstan_ok(412, progress=False),
               timeout=300000)
        t.bash(f"{S} artisan test --parallel", "Run the whole suite", out=pest_parallel_ok(st["n"], "11.84s"),
               timeout=600000)
        c = sha()
        t.bash('git add -A && git commit -m "Invoice search: status filter; clients: VAT / tax id"', "Commit",
               out=f"""[feat/invoice-status-filter {c}] Invoice search: status filter; clients: VAT / tax id
 11 files changed, 118 insertions(+), 6 deletions(-)
 create mode 100644 database/migrations/{mig}.php""")
        t.bash("git push -u origin feat/invoice-status-filter", "Push the branch",
               err=git_push_new("feat/invoice-status-filter"))
        t.bash('gh pr create --base main --title "Invoice status filter + client tax id" --body "- status filter on '
               'the invoices search (Scout/Meilisearch, `status` added to the invoices filterableAttributes)\n'
               '- clients.tax_id (nullable, EU format, normalised), on the form and the PDF\n- tests for both"',
               "Open the PR", out=f"{GH}/pull/418")
        t.done(f"PR: {GH}/pull/418 — Pint fixed `concat_space` in the two client requests, PHPStan clean, "
               f"{st['n']} tests green in parallel.")
    return st


def s3(d, st):
    # ============================================================ S3  Fri 06-12
    with d.session("2026-06-12T09:30:00", R, branch="feat/late-fees", version="2.1.76"):
        mig = "2026_06_12_094205_add_late_fee_to_teams_table"
        st["n"] += 6
        t = d.task("late fees. a team sets either a flat late fee or a percentage of the invoice total in invoice "
                   "settings; it's added once, as its own invoice line, when the invoice flips to overdue. store the "
                   "amount as integer cents like everything else and the percentage as basis points — no floats "
                   "anywhere near money. migration, settings form, the action, tests",
                   tags=["pref:P1", "workflow:W2"])
        t.bash(f"{S} artisan make:migration add_late_fee_to_teams_table", "Create the migration",
               out=migration_created(mig))
        d.files[P(f"database/migrations/{mig}.php")] = table_migration_stub("teams")
        t.read(P(f"database/migrations/{mig}.php"))
        t.write(P(f"database/migrations/{mig}.php"), r"""<?php

use Illuminate\Database\Migrations\Migration;
use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

return new class extends Migration
{
    public function up(): void
    {
        Schema::table('teams', function (Blueprint $table) {
            $table->unsignedInteger('late_fee_cents')->nullable()->after('default_currency');
            $table->unsignedSmallInteger('late_fee_bps')->nullable()->after('late_fee_cents');
        });
    }

    public function down(): void
    {
        Schema::table('teams', function (Blueprint $table) {
            $table->dropColumn(['late_fee_cents', 'late_fee_bps']);
        });
    }
};
""")
        t.bash(f"{S} artisan migrate", "Run the migration", out=migrated([mig]))
        t.bash(f"{S} artisan migrate:rollback --step=1 && {S} artisan migrate", "Roll back and re-apply to check down()",
               out=migrated([mig], "Rolling back migrations.") + migrated([mig]))
        t.read(P("app/Models/Team.php"))
        t.edit(P("app/Models/Team.php"), """        'default_currency',
        'timezone',
    ];""", """        'default_currency',
        'timezone',
        'late_fee_cents',
        'late_fee_bps',
    ];""")
        t.edit(P("app/Models/Team.php"), """            'next_invoice_number' => 'integer',
""", """            'next_invoice_number' => 'integer',
            'late_fee_cents' => 'integer',
            'late_fee_bps' => 'integer',
""")
        t.read(P("app/Http/Requests/UpdateInvoiceSettingsRequest.php"))
        t.write(P("app/Http/Requests/UpdateInvoiceSettingsRequest.php"), r"""<?php

namespace App\Http\Requests;

use App\Support\Money;
use Illuminate\Foundation\Http\FormRequest;
use Illuminate\Support\Arr;

class UpdateInvoiceSettingsRequest extends FormRequest
{
    public function authorize(): bool
    {
        return $this->user()->can('update', $this->user()->currentTeam);
    }

    public function rules(): array
    {
        return [
            'invoice_prefix' => ['sometimes', 'required', 'string', 'alpha_dash', 'max:12'],
            'default_currency' => ['sometimes', 'required', 'string', 'size:3'],
            'late_fee' => ['nullable', 'regex:/^\d{1,6}(\.\d{1,2})?$/', 'prohibits:late_fee_percent'],
            'late_fee_percent' => ['nullable', 'regex:/^\d{1,2}(\.\d{1,2})?$/'],
        ];
    }

    /**
     * Validated data mapped to team columns: the money inputs become integer cents / basis points.
     *
     * @return array<string, mixed>
     */
    public function settings(): array
    {
        $data = Arr::except($this->validated(), ['late_fee', 'late_fee_percent']);

        if ($this->has('late_fee') || $this->has('late_fee_percent')) {
            $data['late_fee_cents'] = $this->filled('late_fee') ? Money::parse((string) $this->input('late_fee')) : null;
            $data['late_fee_bps'] = $this->filled('late_fee_percent') ? Money::parse((string) $this->input('late_fee_percent')) : null;
        }

        return $data;
    }
}
""")
        t.read(P("app/Http/Controllers/Settings/InvoiceSettingsController.php"))
        t.edit(P("app/Http/Controllers/Settings/InvoiceSettingsController.php"),
               "$updateSettings->handle($request->user()->currentTeam, $request->validated());",
               "$updateSettings->handle($request->user()->currentTeam, $request->settings());")
        t.read(P("resources/views/settings/invoices.blade.php"))
        t.edit(P("resources/views/settings/invoices.blade.php"), """        <x-currency-select name="default_currency" :value="old('default_currency', $team->default_currency)" />
""", """        <x-currency-select name="default_currency" :value="old('default_currency', $team->default_currency)" />
        <fieldset class="space-y-2">
            <legend class="font-medium">Late fee <span class="text-gray-500">(added once when an invoice becomes overdue)</span></legend>
            <x-field label="Flat fee" name="late_fee" inputmode="decimal"
                     :value="old('late_fee', $team->late_fee_cents !== null ? number_format($team->late_fee_cents / 100, 2, '.', '') : null)" />
            <x-field label="or % of the invoice total" name="late_fee_percent" inputmode="decimal"
                     :value="old('late_fee_percent', $team->late_fee_bps !== null ? number_format($team->late_fee_bps / 100, 2, '.', '') : null)" />
        </fieldset>
""")
        t.write(P("app/Actions/Invoices/ApplyLateFee.php"), r"""<?php

namespace App\Actions\Invoices;

use App\Models\Invoice;
use App\Models\InvoiceLine;
use Illuminate\Support\Facades\DB;

final class ApplyLateFee
{
    /**
     * Adds the team's late fee as its own invoice line. Idempotent: an invoice gets at most one.
     */
    public function handle(Invoice $invoice): ?InvoiceLine
    {
        $fee = $this->feeFor($invoice);

        if ($fee === 0 || $invoice->lines()->where('kind', 'late_fee')->exists()) {
            return null;
        }

        return DB::transaction(function () use ($invoice, $fee) {
            $line = $invoice->lines()->create([
                'kind' => 'late_fee',
                'description' => 'Late payment fee',
                'quantity' => 1,
                'unit_price_cents' => $fee,
                'amount_cents' => $fee,
                'position' => (int) $invoice->lines()->max('position') + 1,
            ]);

            $invoice->increment('subtotal_cents', $fee);
            $invoice->increment('total_cents', $fee);

            return $line;
        });
    }

    public function feeFor(Invoice $invoice): int
    {
        $team = $invoice->team;

        if ($team->late_fee_bps) {
            return round($invoice->total_cents * $team->late_fee_bps / 10000);
        }

        return $team->late_fee_cents ?? 0;
    }
}
""")
        t.read(P("app/Console/Commands/MarkOverdueInvoices.php"))
        t.write(P("app/Console/Commands/MarkOverdueInvoices.php"), r"""<?php

namespace App\Console\Commands;

use App\Actions\Invoices\ApplyLateFee;
use App\Enums\InvoiceStatus;
use App\Models\Invoice;
use Illuminate\Console\Command;

class MarkOverdueInvoices extends Command
{
    protected $signature = 'invoices:mark-overdue';

    protected $description = 'Flip sent invoices past their due date to overdue and apply the team late fee';

    public function handle(ApplyLateFee $applyLateFee): int
    {
        $count = 0;

        Invoice::query()
            ->where('status', InvoiceStatus::Sent)
            ->whereDate('due_at', '<', today())
            ->with('team')
            ->each(function (Invoice $invoice) use ($applyLateFee, &$count) {
                $invoice->update(['status' => InvoiceStatus::Overdue]);
                $applyLateFee->handle($invoice);
                $count++;
            });

        $this->components->info("Marked {$count} invoices overdue.");

        return self::SUCCESS;
    }
}
""")
        t.write(P("tests/Feature/Invoices/ApplyLateFeeTest.php"), r"""<?php

use App\Actions\Invoices\ApplyLateFee;
use App\Models\Invoice;
use App\Models\Team;

it('adds a flat late fee as its own line', function () {
    $team = Team::factory()->create(['late_fee_cents' => 2500]);
    $invoice = Invoice::factory()->for($team)->overdue()->withTotal(100000)->create();

    app(ApplyLateFee::class)->handle($invoice);

    expect($invoice->lines()->where('kind', 'late_fee')->value('amount_cents'))->toBe(2500)
        ->and($invoice->fresh()->total_cents)->toBe(102500);
});

it('adds a percentage late fee rounded to the cent', function () {
    $team = Team::factory()->create(['late_fee_bps' => 150]);
    $invoice = Invoice::factory()->for($team)->overdue()->withTotal(123450)->create();

    app(ApplyLateFee::class)->handle($invoice);

    expect($invoice->fresh()->total_cents)->toBe(123450 + 1852);
});

it('never adds the fee twice', function () {
    $team = Team::factory()->create(['late_fee_cents' => 2500]);
    $invoice = Invoice::factory()->for($team)->overdue()->withTotal(100000)->create();

    app(ApplyLateFee::class)->handle($invoice);
    app(ApplyLateFee::class)->handle($invoice->fresh());

    expect($invoice->lines()->where('kind', 'late_fee')->count())->toBe(1);
});

it('does nothing for teams without a late fee', function () {
    $invoice = Invoice::factory()->overdue()->create();

    expect(app(ApplyLateFee::class)->handle($invoice))->toBeNull();
});
""")
        t.read(P("tests/Feature/Settings/InvoiceSettingsTest.php"))
        t.edit(P("tests/Feature/Settings/InvoiceSettingsTest.php"), """    expect($this->team->fresh()->invoice_prefix)->toBe('TB');
});
""", """    expect($this->team->fresh()->invoice_prefix)->toBe('TB');
});

it('stores the late fee in cents', function () {
    $this->actingAs($this->user)
        ->put(route('settings.invoices.update'), ['late_fee' => '25.50'])
        ->assertSessionHasNoErrors();

    expect($this->team->fresh())
        ->late_fee_cents->toBe(2550)
        ->late_fee_bps->toBeNull();
});

it('stores the late fee percentage as basis points', function () {
    $this->actingAs($this->user)
        ->put(route('settings.invoices.update'), ['late_fee_percent' => '1.5'])
        ->assertSessionHasNoErrors();

    expect($this->team->fresh()->late_fee_bps)->toBe(150);
});
""")
        files = [("Tests\\Feature\\Commands\\MarkOverdueInvoicesTest",
                  ["it marks sent invoices past their due date as overdue", "it leaves drafts and paid invoices alone"]),
                 ("Tests\\Feature\\Invoices\\ApplyLateFeeTest",
                  ["it adds a flat late fee as its own line", "it adds a percentage late fee rounded to the cent",
                   "it never adds the fee twice", "it does nothing for teams without a late fee"]),
                 ("Tests\\Feature\\Settings\\InvoiceSettingsTest",
                  ["it updates the invoice prefix", "it stores the late fee in cents",
                   "it stores the late fee percentage as basis points"])]
        t.bash(f"{S} artisan test tests/Feature/Invoices tests/Feature/Settings tests/Feature/Commands",
               "Run the late fee, settings and command tests", out=pest_ok(files))
        t.done(f"""Late fees:
- Migration `{mig}`: `teams.late_fee_cents` (unsigned int, nullable) and `teams.late_fee_bps` (unsigned smallint, nullable — 150 = 1.5 %). Down drops both; rollback + re-migrate checked.
- `Team`: both columns fillable and cast to int.
- Settings form: "Flat fee" or "% of the invoice total" (the request prohibits both at once). `UpdateInvoiceSettingsRequest::settings()` converts the inputs with `Money::parse` — string maths, so "25.50" → 2550 cents and "1.5" → 150 bps with no float in between.
- `App\\Actions\\Invoices\\ApplyLateFee`: adds one `late_fee` line and bumps subtotal/total; a second call is a no-op.
- `invoices:mark-overdue` now walks the invoices (instead of one bulk UPDATE) so it can apply the fee as each one flips to overdue.
- Tests: 4 for the action, 2 for settings; with the command tests 9/9 green.""")

        t = d.task("run phpstan over it before I look", tags=["oneoff:O2"])
        stan = f"{S} bin phpstan analyse --no-progress"
        t.fail(stan, "Static analysis", """Note: Using configuration file /var/www/html/phpstan.neon.
 ------ ---------------------------------------------------------------------------------------- 
  Line   app/Actions/Invoices/ApplyLateFee.php                                                   
 ------ ---------------------------------------------------------------------------------------- 
  44     Method App\\Actions\\Invoices\\ApplyLateFee::feeFor() should return int but returns float.  
         🪪  return.type                                                                         
 ------ ---------------------------------------------------------------------------------------- 

                                                                                                                        
 [ERROR] Found 1 error                                                                                                  
                                                                                                                        """)
        t.say("`round()` returns a float in PHP, so the percentage branch hands back a float that PHP silently "
              "coerces (the test passed because 1852.0 → 1852). Replacing it with integer arithmetic — half-up "
              "rounding with `intdiv` keeps it a float-free int:")
        t.read(P("app/Actions/Invoices/ApplyLateFee.php"), offset=38, limit=12)
        t.edit(P("app/Actions/Invoices/ApplyLateFee.php"), """        if ($team->late_fee_bps) {
            return round($invoice->total_cents * $team->late_fee_bps / 10000);
        }""", """        if ($team->late_fee_bps) {
            // basis points, rounded half up to the cent without going through a float
            return intdiv($invoice->total_cents * $team->late_fee_bps + 5000, 10000);
        }""")
        t.bash(stan, "Re-run static analysis", out=phpstan_ok(414, progress=False), timeout=300000)
        t.bash(f"{S} artisan test tests/Feature/Invoices/ApplyLateFeeTest.php", "Re-run the late fee tests",
               out=pest_ok([files[1]]))
        t.done("PHPStan flagged one thing: `ApplyLateFee::feeFor()` returned `round(...)`, which is a float. It's "
               "now `intdiv($total * $bps + 5000, 10000)` — same half-up result (123 450 × 1.5 % → 1 852), no float. "
               "PHPStan is clean and the late fee tests still pass.")

        t = d.task("Aoife: two customers got the same 7-day reminder twice on Monday morning. horizon shows "
                   "SendInvoiceReminder with attempts=2 for both. would ShouldBeUnique on the job stop that?",
                   tags=["noise", "webfetch"])
        t.read(P("app/Jobs/SendInvoiceReminder.php"))
        t.grep("retry_after|'timeout'", path=P("config"), output_mode="content", n=True, content="""config/queue.php:72:            'retry_after' => (int) env('REDIS_QUEUE_RETRY_AFTER', 90),
config/horizon.php:205:            'timeout' => 60,""")
        t.webfetch("https://laravel.com/docs/11.x/queues",
                   "What do ShouldBeUnique jobs guarantee, and how do job timeout and retry_after interact?",
                   """**Unique jobs (`ShouldBeUnique`)**: a unique job is not dispatched if another instance of the job with the same `uniqueId` is already on the queue and has not finished processing. The lock is acquired at dispatch time and released when the job completes processing or fails all of its retry attempts. It does not prevent a job from being retried. `ShouldBeUniqueUntilProcessing` releases the lock just before processing starts.

**Timeouts**: "The `--timeout` value should always be at least several seconds shorter than your `retry_after` configuration value. This will ensure that a worker processing a frozen job is always killed before the job is retried. If your `--timeout` option is longer than your `retry_after` configuration value, your jobs may be processed twice."

`retry_after` (per connection in `config/queue.php`) is how many seconds the queue waits before releasing a reserved job back onto the queue if it has not been deleted. A job's `$timeout` property overrides the worker timeout for that job.""")
        t.done("""No — `ShouldBeUnique` only stops a second *dispatch* while one is pending; it doesn't stop the *same* job being run twice, which is what happened here.

The cause is a timeout mismatch:
- `SendInvoiceReminder::$timeout = 120`, but the Redis connection has `retry_after = 90` (`config/queue.php`).
- When sending is slow (SMTP hiccup), the job is still running at 90 s, Redis considers the reservation expired and hands the **same job** to another worker — attempt 2 — while attempt 1 is still going. Both send the mail. That's exactly the "processed twice" case the docs warn about.

What I'd change:
1. `$timeout` on the job below `retry_after` — e.g. 60 s (the Horizon supervisor already uses 60), or raise `retry_after` to ~150 if 120 s sends are real.
2. Make the job idempotent: claim the reminder before sending — insert the `invoice_reminders` row for (invoice, today) first with a unique index on `(invoice_id, sent_on)`, and skip the mail if the insert hits the constraint. Then even a genuine retry can't double-send.

`ShouldBeUnique` with `uniqueId() = invoice id` would still be a harmless extra guard against the command dispatching twice, but it wouldn't have prevented Monday. Want me to do 1 + 2?""")

        t = d.task("put feat/late-fees on staging so Aoife can play with the settings page", tags=["workflow:W3"])
        t.bash("git status --short", "Check for uncommitted work", out=f""" M app/Console/Commands/MarkOverdueInvoices.php
 M app/Http/Controllers/Settings/InvoiceSettingsController.php
 M app/Http/Requests/UpdateInvoiceSettingsRequest.php
 M app/Models/Team.php
 M resources/views/settings/invoices.blade.php
 M tests/Feature/Settings/InvoiceSettingsTest.php
?? app/Actions/Invoices/ApplyLateFee.php
?? database/migrations/{mig}.php
?? tests/Feature/Invoices/ApplyLateFeeTest.php""")
        c = sha()
        t.bash('git add -A && git commit -m "Late fees: flat or percentage, applied when an invoice goes overdue"',
               "Commit the late fee work", out=f"""[feat/late-fees {c}] Late fees: flat or percentage, applied when an invoice goes overdue
 9 files changed, 231 insertions(+), 12 deletions(-)
 create mode 100644 app/Actions/Invoices/ApplyLateFee.php
 create mode 100644 database/migrations/{mig}.php
 create mode 100644 tests/Feature/Invoices/ApplyLateFeeTest.php""")
        prev = sha()
        t.bash("git push --force-with-lease origin feat/late-fees:staging", "Point the staging branch at feat/late-fees",
               err=f"To github.com:tallybook/tallybook.git\n + {prev}...{c} feat/late-fees -> staging (forced update)")
        t.bash(f"forge deploy {STG}", "Deploy staging on Forge", out=f"==> Deploying [{STG}]\n==> Site Deployed Successfully.",
               timeout=600000)
        t.bash("forge deploy:logs", "Show the deployment log", out=forge_deploy_log(prev, c, """ app/Actions/Invoices/ApplyLateFee.php                 |  56 +++++++
 app/Console/Commands/MarkOverdueInvoices.php          |  22 ++-
 app/Http/Controllers/Settings/InvoiceSettingsController.php |   2 +-
 app/Http/Requests/UpdateInvoiceSettingsRequest.php    |  28 +++-
 app/Models/Team.php                                   |   4 +
 database/migrations/""" + mig + """.php |  29 ++++
 resources/views/settings/invoices.blade.php          |   7 +
 tests/Feature/Invoices/ApplyLateFeeTest.php           |  47 ++++++
 tests/Feature/Settings/InvoiceSettingsTest.php        |  18 +++
 9 files changed, 201 insertions(+), 14 deletions(-)""", [mig], "Fri Jun 12 11:48:03 UTC 2026"))
        t.bash(f"curl -fsS -o /dev/null -w '%{{http_code}}\\n' https://{STG}/up", "Health check", out="200")
        t.bash(f'forge command {STG} --command="php artisan horizon:status"', "Check Horizon on staging",
               out="==> Queuing Command\n==> Waiting For Command To Finish\n\n   INFO  Horizon is running.  ")
        t.done(f"Staging is on feat/late-fees ({c}): migration ran in the deploy, `/up` returns 200 and Horizon is "
               f"running. Aoife can set a flat or percentage fee under Settings → Invoices; the fee is applied the next "
               f"time `invoices:mark-overdue` runs (06:00), or run it by hand on staging if she wants to see it now.")
    return st


def s4(d, st):
    # ============================================================ S4  Mon 06-15
    with d.session("2026-06-15T13:20:00", R, branch="main", version="2.1.77", end_reason="other"):
        t = d.task("was off thursday and friday. what landed on main since wednesday?", tags=["noise", "long_output"])
        t.bash("git fetch origin", "Fetch", err="""From github.com:tallybook/tallybook
   4c1d9e2..b83f0a7  main       -> origin/main
 + 8e2b6c1...5d0a3f4 staging    -> origin/staging  (forced update)
 * [new branch]      feat/dunning-emails -> origin/feat/dunning-emails
 * [new branch]      fix/pdf-fonts       -> origin/fix/pdf-fonts""")
        log_lines = [
            ("Marek Nowak", "Merge pull request #418 from tallybook/feat/invoice-status-filter"),
            ("Callum Reid", "Invoice search: status filter; clients: VAT / tax id"),
            ("Jess Okafor", "Invoices table: sticky header and status pills"),
            ("Jess Okafor", "Invoices table: keyboard navigation between rows"),
            ("Marek Nowak", "Merge pull request #419 from tallybook/chore/horizon-supervisors"),
            ("Marek Nowak", "Horizon: separate supervisors for default and mail queues"),
            ("Marek Nowak", "SendInvoiceReminder: timeout 60s (below redis retry_after)"),
            ("Marek Nowak", "Merge pull request #420 from tallybook/fix/reminder-idempotency"),
            ("Marek Nowak", "Reminders: claim the invoice_reminders row before sending"),
            ("Marek Nowak", "Migration: unique (invoice_id, sent_on) on invoice_reminders"),
            ("Jess Okafor", "Merge pull request #421 from tallybook/feat/dashboard-cashflow"),
            ("Jess Okafor", "Dashboard: 90-day cashflow chart (ApexCharts)"),
            ("Jess Okafor", "Dashboard: cache cashflow per team for 10 minutes"),
            ("Jess Okafor", "vite: split apexcharts into its own chunk"),
            ("Aoife Brennan", "Merge pull request #422 from tallybook/docs/help-late-fees"),
            ("Aoife Brennan", "Help centre: late fees article (draft)"),
            ("Marek Nowak", "Merge pull request #423 from tallybook/chore/deps-june"),
            ("Marek Nowak", "composer: bump horizon 5.31, sanctum 4.1, pint 1.22"),
            ("Marek Nowak", "npm: bump vite 5.4.19, tailwind 3.4.17"),
            ("Jess Okafor", "Merge pull request #424 from tallybook/fix/client-form-country"),
            ("Jess Okafor", "Client form: country select defaults to team country"),
            ("Marek Nowak", "Merge pull request #425 from tallybook/feat/api-invoices-include"),
            ("Marek Nowak", "API v1: ?include=lines,payments on GET /invoices/{id}"),
            ("Marek Nowak", "API v1: document include param in openapi.yaml"),
            ("Marek Nowak", "Tests: cover include=lines,payments"),
        ]
        out = "\n".join(f"{sha()} {a:<13} {s}" for a, s in log_lines)
        t.bash("git log --format='%h %<(13)%an %s' origin/main --since=2026-06-10 --until=2026-06-15",
               "List commits on main since Wednesday", out=out)
        t.bash("git diff --stat 4c1d9e2..origin/main | tail -3", "Size of the change",
               out=""" tests/Feature/Jobs/SendInvoiceReminderTest.php          |  31 +-
 tests/Feature/Api/V1/InvoiceShowTest.php                |  64 +++
 38 files changed, 1206 insertions(+), 97 deletions(-)""")
        t.done("""Seven PRs merged to main since Wednesday (38 files, +1206/−97):

- **#418** (yours) — invoice status filter + client tax id.
- **#419 Horizon split** (Marek) — separate supervisors for `default` and `mail`; `SendInvoiceReminder` timeout down to 60 s, below Redis `retry_after` (90).
- **#420 reminder idempotency** (Marek) — the job now claims the `invoice_reminders` row before sending, backed by a unique `(invoice_id, sent_on)` index. That's the double-reminder fix from Friday.
- **#421 dashboard cashflow** (Jess) — 90-day chart, cached per team for 10 min, ApexCharts in its own Vite chunk.
- **#422** (Aoife) — help centre draft for late fees.
- **#423 June deps** (Marek) — horizon 5.31, sanctum 4.1, pint 1.22; vite 5.4.19, tailwind 3.4.17.
- **#424** (Jess) — client form defaults the country to the team's.
- **#425 API includes** (Marek) — `?include=lines,payments` on `GET /api/v1/invoices/{id}`, documented in openapi.yaml.

Not merged yet: `feat/dunning-emails` and `fix/pdf-fonts` branches appeared; staging was force-moved (someone else is testing there now, so check before you put late fees back on it).""")

        t = d.task("Jess says main is red on her machine. pull and run the whole suite in parallel", tags=["flaky:F1"])
        t.bash("git pull --ff-only", "Fast-forward main", out=f"""Updating 4c1d9e2..b83f0a7
Fast-forward
 app/Jobs/SendInvoiceReminder.php                       |  24 +-
 config/horizon.php                                     |  23 +-
 ...
 38 files changed, 1206 insertions(+), 97 deletions(-)
 create mode 100644 database/migrations/2026_06_11_151020_add_sent_on_unique_to_invoice_reminders.php
 create mode 100644 resources/js/charts/cashflow.js
 create mode 100644 tests/Feature/Api/V1/InvoiceShowTest.php""")
        d.files[P("app/Jobs/SendInvoiceReminder.php")] = SEND_REMINDER_AFTER_420
        d.files[P("tests/Feature/Jobs/SendInvoiceReminderTest.php")] = d.files[
            P("tests/Feature/Jobs/SendInvoiceReminderTest.php")].replace("""    Mail::assertNothingSent();
});
""", """    Mail::assertNothingSent();
});

it('does not send twice for the same day', function () {
    $invoice = Invoice::factory()->overdue()->create(['due_at' => today()->subDays(3)]);

    SendInvoiceReminder::dispatchSync($invoice);
    SendInvoiceReminder::dispatchSync($invoice);

    Mail::assertSentCount(1);
});
""")
        st["n"] += 9
        n = st["n"]
        fail_at = 131
        par = f"{S} artisan test --parallel"
        t.fail(par, "Run the whole suite in parallel", dots(n, fail_at) + "\n\n" + RULE + """
   FAILED  Tests\\Feature\\Api\\V1\\InvoiceIndexTest > it returns the newest invoices first                                 
  Failed asserting that two strings are identical.
  -'INV-2026-0002'
  +'INV-2026-0001'
  

  at tests/Feature/Api/V1/InvoiceIndexTest.php:38
     34▕     $this->getJson('/api/v1/invoices')
     35▕         ->assertOk()
     36▕         ->assertJsonCount(2, 'data');
     37▕ 
  ➜  38▕     expect($this->getJson('/api/v1/invoices')->json('data.0.number'))->toBe('INV-2026-0002');
     39▕ });
     40▕ 
     41▕ it('paginates with a cursor', function () {
     42▕     Invoice::factory()->count(30)->for($this->user->currentTeam)->create();

  1   tests/Feature/Api/V1/InvoiceIndexTest.php:38


""" + pest_summary(n - 1, failed=1, dur="12.06s", parallel=8), timeout=600000)
        t.say("One failure, in a test nobody touched this week: `InvoiceIndexTest` expects the newer invoice first, "
              "but both invoices are created in the same second and the endpoint sorts by `created_at`, so the order "
              "between them isn't defined. That reads as a timing flake rather than a red main — running the same "
              "suite again to confirm.")
        t.bash(par, "Run the whole suite in parallel", out=pest_parallel_ok(n, "11.62s"), timeout=600000)
        t.done(f"""Main is green: {n} tests pass on the second run.

The first run had one failure — `Api\\V1\\InvoiceIndexTest › it returns the newest invoices first` got `INV-2026-0001` before `INV-2026-0002`. The test creates two invoices in the same second and the endpoint orders by `created_at` only, so MySQL may return them either way; it passes or fails depending on timing, which is probably what Jess hit. Nothing from this week's merges is involved.

If you want it gone for good: create the second invoice under `$this->travel(1)->minutes()`, or add `->orderByDesc('id')` as a tiebreaker in the endpoint (a real fix — API clients could see the same instability).""")

        t = d.task("bump laravel/framework to ^11.45 — composer.json constraint too, not just the lock. we want all the "
                   "11.x security fixes in before we start planning 12", tags=["mistake:M2"])
        t.bash(f"{S} composer show laravel/framework | head -4", "Current framework version",
               out="""name     : laravel/framework
descrip. : The Laravel Framework.
keywords : framework, laravel
versions : * v11.38.2""")
        req = f'{S} composer require "laravel/framework:^11.45"'
        t.fail(req, "Require laravel/framework ^11.45", composer_fail("laravel/framework", [[
            "Root composer.json requires laravel/framework ^11.45 -> satisfiable by laravel/framework[v11.45.0, v11.45.1].",
            "laravel/framework[v11.45.0, ..., v11.45.1] require league/commonmark ^2.7 -> found league/commonmark[2.7.0] "
            "but the package is fixed to 2.6.1 (lock file version) by a partial update and that version does not match. "
            "Make sure you list it as an argument for the update command."]]), code=2, timeout=300000)
        t.say("The framework's own dependencies are held at their locked versions (league/commonmark 2.6.1 here, and "
              "11.45 wants ≥ 2.7). They have to move together with the framework, so same command, allowing the "
              "dependencies to update:")
        t.bash(req + " --with-all-dependencies", "Require ^11.45 and let its dependencies update", timeout=300000,
               out=composer_ok("laravel/framework --with-all-dependencies", [
                   ("Upgrading", "laravel/framework", ("v11.38.2", "v11.45.1")),
                   ("Upgrading", "laravel/prompts", ("v0.3.2", "v0.3.5")),
                   ("Upgrading", "laravel/serializable-closure", ("v2.0.1", "v2.0.4")),
                   ("Upgrading", "league/commonmark", ("2.6.1", "2.7.0")),
                   ("Upgrading", "nesbot/carbon", ("3.8.4", "3.10.1")),
                   ("Upgrading", "symfony/console", ("v7.2.1", "v7.3.1")),
                   ("Upgrading", "symfony/http-foundation", ("v7.2.2", "v7.3.1")),
                   ("Upgrading", "symfony/http-kernel", ("v7.2.2", "v7.3.1")),
                   ("Upgrading", "symfony/mailer", ("v7.2.0", "v7.3.1")),
                   ("Upgrading", "symfony/mime", ("v7.2.1", "v7.3.0")),
                   ("Upgrading", "symfony/routing", ("v7.2.0", "v7.3.0"))], funding=98))
        t.bash(f"{S} artisan --version", "Confirm the framework version", out="Laravel Framework 11.45.1")
        t.bash(f"{S} artisan test --parallel", "Run the suite on the new framework", out=pest_parallel_ok(st["n"], "11.93s"),
               timeout=600000)
        t.done(f"""laravel/framework is on **v11.45.1**; composer.json now says `"laravel/framework": "^11.45"`.

The plain `composer require` failed: 11.45 needs `league/commonmark` ≥ 2.7 and the lock held 2.6.1, which a partial update may not touch. Re-running with `--with-all-dependencies` moved the framework's dependencies with it: commonmark 2.7.0, carbon 3.10.1, symfony/* 7.2 → 7.3, laravel/prompts and serializable-closure patch releases. Nothing outside the framework's tree changed.

Full suite: {st['n']} passed. Not committed.""")

        t = d.task("what's the actual difference between ->afterCommit() on a dispatch and public $afterCommit = true "
                   "on the job class? we use both and I can't remember why", tags=["noise", "no_tools"])
        t.done("""Same mechanism, different scope:

- **`public $afterCommit = true;` on the job** — *every* dispatch of that job waits for the open database transaction(s) to commit. If there's no transaction, it dispatches immediately. If the transaction rolls back, the job is discarded.
- **`SomeJob::dispatch(...)->afterCommit()`** — the same behaviour for *that one dispatch*. Useful when the job is usually dispatched outside a transaction but one call site is inside one.
- There's also the connection-level `'after_commit' => true` in `config/queue.php`, which makes it the default for all jobs; `->beforeCommit()` opts a single dispatch out.

Why it matters for us: a job dispatched inside `DB::transaction()` can be picked up by a Horizon worker *before* the commit, load the model, and see the old row (or a `ModelNotFoundException` for a new one). `CreateInvoice` runs in a transaction, so anything dispatched from inside it — the Scout sync (`'after_commit' => true` in scout.php) or "invoice created" jobs — needs one of these.

So "both" in our code is probably: `$afterCommit` on jobs that are always dispatched from transactional actions, and `->afterCommit()` at the odd call site where a generic job happens to be dispatched inside one.""")
    return st


def s5(d, st):
    # ============================================================ S5  Wed 06-17
    with d.session("2026-06-17T09:40:00", R, branch="feat/credit-notes", version="2.1.78"):
        st["n"] += 3
        mig = "2026_06_17_095318_create_credit_notes_table"
        t = d.task("credit notes. a CreditNote belongs to an invoice: amount in integer minor units (cents — never a "
                   "float, same as every other amount), reason, issued_at, plus team_id for scoping. POST "
                   "/api/v1/invoices/{invoice}/credit-notes, can't exceed the invoice balance, 201 with an API Resource "
                   "like the rest of the v1 endpoints. pest tests for the happy path and the balance check",
                   tags=["pref:P1", "pref:P3"])
        t.bash(f"{S} artisan make:model CreditNote -mf", "Create model, migration and factory", out=f"""
   INFO  Model [app/Models/CreditNote.php] created successfully.  

   INFO  Factory [database/factories/CreditNoteFactory.php] created successfully.  

   INFO  Migration [database/migrations/{mig}.php] created successfully.  
""")
        d.files[P("app/Models/CreditNote.php")] = r"""<?php

namespace App\Models;

use Illuminate\Database\Eloquent\Factories\HasFactory;
use Illuminate\Database\Eloquent\Model;

class CreditNote extends Model
{
    /** @use HasFactory<\Database\Factories\CreditNoteFactory> */
    use HasFactory;
}
"""
        d.files[P(f"database/migrations/{mig}.php")] = r"""<?php

use Illuminate\Database\Migrations\Migration;
use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

return new class extends Migration
{
    /**
     * Run the migrations.
     */
    public function up(): void
    {
        Schema::create('credit_notes', function (Blueprint $table) {
            $table->id();
            $table->timestamps();
        });
    }

    /**
     * Reverse the migrations.
     */
    public function down(): void
    {
        Schema::dropIfExists('credit_notes');
    }
};
"""
        d.files[P("database/factories/CreditNoteFactory.php")] = r"""<?php

namespace Database\Factories;

use Illuminate\Database\Eloquent\Factories\Factory;

/**
 * @extends \Illuminate\Database\Eloquent\Factories\Factory<\App\Models\CreditNote>
 */
class CreditNoteFactory extends Factory
{
    /**
     * Define the model's default state.
     *
     * @return array<string, mixed>
     */
    public function definition(): array
    {
        return [
            //
        ];
    }
}
"""
        t.read(P("app/Http/Resources/PaymentResource.php"))
        t.read(P("app/Http/Controllers/Api/V1/PaymentController.php"))
        t.read(P(f"database/migrations/{mig}.php"))
        t.write(P(f"database/migrations/{mig}.php"), r"""<?php

use Illuminate\Database\Migrations\Migration;
use Illuminate\Database\Schema\Blueprint;
use Illuminate\Support\Facades\Schema;

return new class extends Migration
{
    public function up(): void
    {
        Schema::create('credit_notes', function (Blueprint $table) {
            $table->id();
            $table->foreignId('team_id')->constrained()->cascadeOnDelete();
            $table->foreignId('invoice_id')->constrained()->cascadeOnDelete();
            $table->unsignedInteger('amount_cents');
            $table->string('reason', 500);
            $table->date('issued_at');
            $table->timestamps();

            $table->index(['team_id', 'issued_at']);
        });
    }

    public function down(): void
    {
        Schema::dropIfExists('credit_notes');
    }
};
""")
        t.read(P("app/Models/CreditNote.php"))
        t.write(P("app/Models/CreditNote.php"), r"""<?php

namespace App\Models;

use App\Models\Concerns\BelongsToTeam;
use Illuminate\Database\Eloquent\Factories\HasFactory;
use Illuminate\Database\Eloquent\Model;
use Illuminate\Database\Eloquent\Relations\BelongsTo;

class CreditNote extends Model
{
    use BelongsToTeam;

    /** @use HasFactory<\Database\Factories\CreditNoteFactory> */
    use HasFactory;

    protected $fillable = [
        'team_id',
        'invoice_id',
        'amount_cents',
        'reason',
        'issued_at',
    ];

    protected function casts(): array
    {
        return [
            'amount_cents' => 'integer',
            'issued_at' => 'date',
        ];
    }

    public function invoice(): BelongsTo
    {
        return $this->belongsTo(Invoice::class);
    }
}
""")
        t.read(P("database/factories/CreditNoteFactory.php"))
        t.edit(P("database/factories/CreditNoteFactory.php"), """        return [
            //
        ];""", """        return [
            'invoice_id' => Invoice::factory(),
            'team_id' => fn (array $attributes) => Invoice::find($attributes['invoice_id'])->team_id,
            'amount_cents' => fake()->numberBetween(500, 20000),
            'reason' => fake()->sentence(),
            'issued_at' => today(),
        ];""")
        t.edit(P("database/factories/CreditNoteFactory.php"), """use Illuminate\\Database\\Eloquent\\Factories\\Factory;
""", """use App\\Models\\Invoice;
use Illuminate\\Database\\Eloquent\\Factories\\Factory;
""")
        t.read(P("app/Models/Invoice.php"))
        t.edit(P("app/Models/Invoice.php"), """    public function reminders(): HasMany
    {
        return $this->hasMany(InvoiceReminder::class);
    }

    public function balanceCents(): int
    {
        return $this->total_cents - (int) $this->payments()->sum('amount_cents');
    }""", """    public function reminders(): HasMany
    {
        return $this->hasMany(InvoiceReminder::class);
    }

    public function creditNotes(): HasMany
    {
        return $this->hasMany(CreditNote::class);
    }

    public function balanceCents(): int
    {
        return $this->total_cents
            - (int) $this->payments()->sum('amount_cents')
            - (int) $this->creditNotes()->sum('amount_cents');
    }""")
        t.write(P("app/Http/Requests/Api/StoreCreditNoteRequest.php"), r"""<?php

namespace App\Http\Requests\Api;

use Illuminate\Foundation\Http\FormRequest;
use Illuminate\Validation\Validator;

class StoreCreditNoteRequest extends FormRequest
{
    public function authorize(): bool
    {
        return $this->user()->tokenCan('invoices:write');
    }

    public function rules(): array
    {
        return [
            'amount_cents' => ['required', 'integer', 'min:1'],
            'reason' => ['required', 'string', 'max:500'],
            'issued_at' => ['nullable', 'date'],
        ];
    }

    public function after(): array
    {
        return [
            function (Validator $validator) {
                $invoice = $this->route('invoice');

                if (! $validator->errors()->has('amount_cents') && $this->integer('amount_cents') > $invoice->balanceCents()) {
                    $validator->errors()->add('amount_cents', 'The credit note cannot exceed the invoice balance.');
                }
            },
        ];
    }
}
""")
        t.write(P("app/Http/Resources/CreditNoteResource.php"), r"""<?php

namespace App\Http\Resources;

use Illuminate\Http\Request;
use Illuminate\Http\Resources\Json\JsonResource;

/** @mixin \App\Models\CreditNote */
class CreditNoteResource extends JsonResource
{
    public function toArray(Request $request): array
    {
        return [
            'id' => $this->id,
            'invoice_id' => $this->invoice_id,
            'amount_cents' => $this->amount_cents,
            'currency' => $this->invoice->currency,
            'reason' => $this->reason,
            'issued_at' => $this->issued_at->toDateString(),
        ];
    }
}
""")
        t.write(P("app/Http/Controllers/Api/V1/CreditNoteController.php"), r"""<?php

namespace App\Http\Controllers\Api\V1;

use App\Http\Controllers\Controller;
use App\Http\Requests\Api\StoreCreditNoteRequest;
use App\Http\Resources\CreditNoteResource;
use App\Models\Invoice;
use Illuminate\Http\JsonResponse;

class CreditNoteController extends Controller
{
    public function store(StoreCreditNoteRequest $request, Invoice $invoice): JsonResponse
    {
        $this->authorize('update', $invoice);

        $creditNote = $invoice->creditNotes()->create([
            ...$request->validated(),
            'team_id' => $invoice->team_id,
            'issued_at' => $request->validated('issued_at') ?? today(),
        ]);

        return (new CreditNoteResource($creditNote))->response()->setStatusCode(201);
    }
}
""")
        t.read(P("routes/api.php"))
        t.edit(P("routes/api.php"), """    Route::post('invoices/{invoice}/payments', [V1\\PaymentController::class, 'store'])->name('payments.store');
""", """    Route::post('invoices/{invoice}/payments', [V1\\PaymentController::class, 'store'])->name('payments.store');
    Route::post('invoices/{invoice}/credit-notes', [V1\\CreditNoteController::class, 'store'])->name('credit-notes.store');
""")
        t.write(P("tests/Feature/Api/V1/CreditNoteTest.php"), r"""<?php

use App\Models\Invoice;
use App\Models\Payment;
use App\Models\User;
use Laravel\Sanctum\Sanctum;

beforeEach(function () {
    $this->user = User::factory()->withTeam()->create();
    Sanctum::actingAs($this->user, ['invoices:write']);
    $this->invoice = Invoice::factory()->for($this->user->currentTeam)->sent()->withTotal(50000)->create();
});

it('issues a credit note against the invoice', function () {
    $this->postJson("/api/v1/invoices/{$this->invoice->id}/credit-notes", [
        'amount_cents' => 12000,
        'reason' => 'Two hours billed twice',
    ])
        ->assertCreated()
        ->assertJsonPath('data.amount_cents', 12000)
        ->assertJsonPath('data.currency', $this->invoice->currency);

    expect($this->invoice->fresh()->balanceCents())->toBe(38000);
});

it('refuses a credit note above the remaining balance', function () {
    Payment::factory()->for($this->invoice)->create(['amount_cents' => 45000]);

    $this->postJson("/api/v1/invoices/{$this->invoice->id}/credit-notes", [
        'amount_cents' => 6000,
        'reason' => 'Goodwill',
    ])->assertUnprocessable()->assertJsonValidationErrors('amount_cents');
});

it('does not allow crediting another team\'s invoice', function () {
    $foreign = Invoice::factory()->sent()->create();

    $this->postJson("/api/v1/invoices/{$foreign->id}/credit-notes", [
        'amount_cents' => 100,
        'reason' => 'x',
    ])->assertForbidden();
});
""")
        t.bash(f"{S} artisan migrate", "Create the credit_notes table", out=migrated([mig]))
        cn_tests = ["it issues a credit note against the invoice", "it refuses a credit note above the remaining balance",
                    "it does not allow crediting another team's invoice"]
        t.bash(f"{S} artisan test tests/Feature/Api/V1/CreditNoteTest.php", "Run the credit note tests",
               out=pest_ok([("Tests\\Feature\\Api\\V1\\CreditNoteTest", cn_tests)]))
        t.done("""Credit notes are in:
- `CreditNote` model + migration `""" + mig + """` (`team_id`, `invoice_id`, `amount_cents` unsigned int, `reason`, `issued_at` date) + factory.
- `Invoice::creditNotes()`; `balanceCents()` now subtracts credit notes as well as payments.
- `POST /api/v1/invoices/{invoice}/credit-notes` → `Api\\V1\\CreditNoteController@store`: `StoreCreditNoteRequest` (needs the `invoices:write` ability; `amount_cents` integer ≥ 1, checked against the remaining balance in an `after` hook), policy `update` on the invoice, 201 with `CreditNoteResource` (same shape conventions as `PaymentResource`; currency comes from the invoice).
- `CreditNoteTest`: happy path (balance 50 000 → 38 000), over-balance → 422, other team's invoice → 403. 3/3 green.""")

        mig2 = "2026_06_17_111502_add_issued_by_to_credit_notes_table"
        t = d.task("credit notes should record who issued them: issued_by → users.id, set from the token's user, and "
                   "expose it in the resource", tags=["mistake:M3"])
        t.bash(f"{S} artisan make:migration add_issued_by_to_credit_notes_table", "Create the migration",
               out=migration_created(mig2))
        d.files[P(f"database/migrations/{mig2}.php")] = table_migration_stub("credit_notes")
        t.read(P(f"database/migrations/{mig2}.php"))
        t.edit(P(f"database/migrations/{mig2}.php"), """    public function up(): void
    {
        Schema::table('credit_notes', function (Blueprint $table) {
            //
        });""", """    public function up(): void
    {
        Schema::table('credit_notes', function (Blueprint $table) {
            $table->foreignId('issued_by')->nullable()->after('reason')->constrained('users')->nullOnDelete();
        });""")
        t.edit(P(f"database/migrations/{mig2}.php"), """    public function down(): void
    {
        Schema::table('credit_notes', function (Blueprint $table) {
            //
        });""", """    public function down(): void
    {
        Schema::table('credit_notes', function (Blueprint $table) {
            $table->dropConstrainedForeignId('issued_by');
        });""")
        t.bash(f"{S} artisan migrate", "Run the migration", out=migrated([mig2]))
        t.edit(P("app/Http/Controllers/Api/V1/CreditNoteController.php"), """            'team_id' => $invoice->team_id,
""", """            'team_id' => $invoice->team_id,
            'issued_by' => $request->user()->id,
""")
        t.edit(P("app/Http/Resources/CreditNoteResource.php"), """            'issued_at' => $this->issued_at->toDateString(),
""", """            'issued_at' => $this->issued_at->toDateString(),
            'issued_by' => $this->issued_by,
""")
        t.edit(P("tests/Feature/Api/V1/CreditNoteTest.php"), """        ->assertJsonPath('data.currency', $this->invoice->currency);
""", """        ->assertJsonPath('data.currency', $this->invoice->currency)
        ->assertJsonPath('data.issued_by', $this->user->id);
""")
        tf = P("tests/Feature/Api/V1/CreditNoteTest.php")
        fl = line_of(tf, "->assertCreated()")
        trace = http_trace(FILL_NEW, "app/Http/Controllers/Api/V1/CreditNoteController.php",
                           line_of(P("app/Http/Controllers/Api/V1/CreditNoteController.php"), "->creditNotes()->create("),
                           "Illuminate\\Database\\Eloquent\\Relations\\HasOneOrMany->create(Array)",
                           "App\\Http\\Controllers\\Api\\V1\\CreditNoteController->store(Object(App\\Http\\Requests\\Api\\StoreCreditNoteRequest), Object(App\\Models\\Invoice))",
                           "tests/Feature/Api/V1/CreditNoteTest.php", line_of(tf, "$this->postJson(", 1),
                           "postJson /api/v1/invoices/1/credit-notes",
                           pest=("Tests\\Feature\\Api\\V1\\CreditNoteTest", "it_issues_a_credit_note_against_the_invoice"))
        t.fail(f"{S} artisan test --filter=CreditNoteTest", "Run the credit note tests",
               mass_http_fail("issued_by", "App\\Models\\CreditNote",
                              "Expected response status code [201] but received 500.",
                              "Failed asserting that 500 is identical to 201.", trace,
                              "tests/Feature/Api/V1/CreditNoteTest.php", fl,
                              [pest_file("Tests\\Feature\\Api\\V1\\CreditNoteTest", cn_tests,
                                         failed={"it issues a credit note against the invoice"}, first=0.52)],
                              "Tests\\Feature\\Api\\V1\\CreditNoteTest > it issues a credit note against the invoice", 2))
        t.say("500 from the create: `issued_by` isn't in `CreditNote::$fillable`, and strict mode throws instead of "
              "dropping it. Adding it (plus an `issuer` relation):")
        t.edit(P("app/Models/CreditNote.php"), """    protected $fillable = [
        'team_id',
        'invoice_id',
        'amount_cents',
        'reason',
        'issued_at',
    ];""", """    protected $fillable = [
        'team_id',
        'invoice_id',
        'amount_cents',
        'reason',
        'issued_at',
        'issued_by',
    ];""")
        t.edit(P("app/Models/CreditNote.php"), """    public function invoice(): BelongsTo
    {
        return $this->belongsTo(Invoice::class);
    }""", """    public function invoice(): BelongsTo
    {
        return $this->belongsTo(Invoice::class);
    }

    public function issuer(): BelongsTo
    {
        return $this->belongsTo(User::class, 'issued_by');
    }""")
        t.bash(f"{S} artisan test --filter=CreditNoteTest", "Re-run the credit note tests",
               out=pest_ok([("Tests\\Feature\\Api\\V1\\CreditNoteTest", cn_tests)]))
        t.done(f"""`issued_by` is recorded:
- Migration `{mig2}`: nullable FK `credit_notes.issued_by → users.id`, `nullOnDelete` (a deleted user doesn't take the credit notes with them).
- Controller sets it from `$request->user()`; `CreditNoteResource` exposes `issued_by` (user id).
- `CreditNote::$fillable` + `issuer()` relation — the first test run 500'd with `Add [issued_by] to fillable property…` until it was fillable.
- `CreditNoteTest` asserts `data.issued_by`; 3/3 green.""")

        d.precompact("""Analysis: Callum works on tallybook/tallybook (Laravel 11, PHP 8.3, Sail: mysql/redis/meilisearch/mailpit; Horizon, Scout + Meilisearch, Sanctum API v1, Cashier, Pest via `./vendor/bin/sail artisan test`, Larastan, Pint; staging on Forge). Branch feat/credit-notes.

Summary:
1. Earlier this month: spatie/laravel-pdf 1.5 added and attached to InvoiceSentMail (real render blocked: Puppeteer's Chrome isn't in the Sail container); invoice status filter + client tax_id (PR #418, merged); late fees (flat cents or basis points, ApplyLateFee, on staging); framework bumped to 11.45.1. Amounts are always integer cents.
2. This session: CreditNote model/migration/factory, POST /api/v1/invoices/{invoice}/credit-notes with StoreCreditNoteRequest (balance check in after()) and CreditNoteResource (API Resources like the other v1 endpoints); Invoice::creditNotes(), balanceCents() subtracts credit notes. Then issued_by (FK users, nullOnDelete) set from the token user, in the resource; added to CreditNote::$fillable after a MassAssignmentException. CreditNoteTest 3/3 green.

Nothing committed on feat/credit-notes yet.""")

        st["n"] += 1
        t = d.task("the Zapier integration people want to filter clients by country on the API: GET "
                   "/api/v1/clients?filter[country]=IE. country is already a column on clients", tags=["mistake:M1"])
        t.read(P("app/Http/Controllers/Api/V1/ClientController.php"))
        t.read(P("app/Models/Client.php"))
        t.read(P("config/scout.php"))
        t.edit(P("app/Models/Client.php"), """            'email' => $this->email,
            'created_at' => $this->created_at->getTimestamp(),""", """            'email' => $this->email,
            'country' => $this->country,
            'created_at' => $this->created_at->getTimestamp(),""")
        t.edit(P("config/scout.php"), """                'filterableAttributes' => ['team_id'],
                'sortableAttributes' => ['name', 'created_at'],""", """                'filterableAttributes' => ['team_id', 'country'],
                'sortableAttributes' => ['name', 'created_at'],""")
        t.edit(P("app/Http/Controllers/Api/V1/ClientController.php"), """            ->where('team_id', $request->user()->current_team_id)
            ->orderBy('name')""", """            ->where('team_id', $request->user()->current_team_id)
            ->when($request->filled('filter.country'), fn ($search) => $search->where(
                'country', strtoupper((string) $request->input('filter.country'))
            ))
            ->orderBy('name')""")
        t.read(P("tests/Feature/Api/V1/ClientIndexTest.php"))
        t.edit(P("tests/Feature/Api/V1/ClientIndexTest.php"), """        ->assertJsonPath('data.0.name', 'Quayside Studio')
        ->assertJsonCount(1, 'data');
});
""", """        ->assertJsonPath('data.0.name', 'Quayside Studio')
        ->assertJsonCount(1, 'data');
});

it('filters clients by country', function () {
    Client::factory()->for($this->user->currentTeam)->create(['name' => 'Hollis & Byrne', 'country' => 'IE']);
    Client::factory()->for($this->user->currentTeam)->create(['name' => 'Nordlicht GmbH', 'country' => 'DE']);

    $this->getJson('/api/v1/clients?filter[country]=ie')
        ->assertOk()
        ->assertJsonCount(1, 'data')
        ->assertJsonPath('data.0.name', 'Hollis & Byrne');
});
""")
        t.bash(f"{S} artisan test tests/Feature/Api/V1/ClientIndexTest.php", "Run the client API tests",
               out=pest_ok([("Tests\\Feature\\Api\\V1\\ClientIndexTest",
                             ["it lists the clients of the token team", "it searches clients by name",
                              "it filters clients by country"])]))
        t.say("Tests pass on the collection driver. `country` is a new field in the search documents, so the local "
              "clients index needs re-importing before I try it against Meilisearch:")
        t.bash(f'{S} artisan scout:import "App\\Models\\Client"', "Re-import clients into Meilisearch",
               out="Imported [App\\Models\\Client] models up to ID: 318\nAll [App\\Models\\Client] records have been imported.")
        tok = "12|hX0rVq7mC2bNw9eKzT4yL1pAsD8fGj3uYi6oRn5c"
        t.bash(f"{S} artisan tinker --execute 'echo App\\Models\\User::where(\"email\", \"callum@tallybook.app\")->first()"
               "->createToken(\"local-curl\", [\"clients:read\"])->plainTextToken;'",
               "Create a temporary local API token", out=tok)
        curl = (f'curl -sS --fail-with-body -H "Accept: application/json" -H "Authorization: Bearer {tok}" '
                '"http://localhost/api/v1/clients?filter%5Bcountry%5D=IE"')
        import json as _json
        trace = [
            {"file": "/var/www/html/vendor/meilisearch/meilisearch-php/src/Http/Client.php", "line": 134,
             "function": "parseResponse", "class": "Meilisearch\\Http\\Client", "type": "->"},
            {"file": "/var/www/html/vendor/meilisearch/meilisearch-php/src/Http/Client.php", "line": 84,
             "function": "execute", "class": "Meilisearch\\Http\\Client", "type": "->"},
            {"file": "/var/www/html/vendor/meilisearch/meilisearch-php/src/Endpoints/Indexes.php", "line": 199,
             "function": "post", "class": "Meilisearch\\Http\\Client", "type": "->"},
            {"file": "/var/www/html/vendor/meilisearch/meilisearch-php/src/Endpoints/Indexes.php", "line": 187,
             "function": "rawSearch", "class": "Meilisearch\\Endpoints\\Indexes", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/scout/src/Engines/MeilisearchEngine.php", "line": 174,
             "function": "search", "class": "Meilisearch\\Endpoints\\Indexes", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/scout/src/Engines/MeilisearchEngine.php", "line": 152,
             "function": "performSearch", "class": "Laravel\\Scout\\Engines\\MeilisearchEngine", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/scout/src/Builder.php", "line": 414,
             "function": "paginate", "class": "Laravel\\Scout\\Engines\\MeilisearchEngine", "type": "->"},
            {"file": "/var/www/html/app/Http/Controllers/Api/V1/ClientController.php", "line": 22,
             "function": "paginate", "class": "Laravel\\Scout\\Builder", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/ControllerDispatcher.php", "line": 46,
             "function": "index", "class": "App\\Http\\Controllers\\Api\\V1\\ClientController", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/Route.php", "line": 265,
             "function": "dispatch", "class": "Illuminate\\Routing\\ControllerDispatcher", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/Route.php", "line": 211,
             "function": "runController", "class": "Illuminate\\Routing\\Route", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/Router.php", "line": 808,
             "function": "run", "class": "Illuminate\\Routing\\Route", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Pipeline/Pipeline.php", "line": 169,
             "function": "Illuminate\\Routing\\{closure}", "class": "Illuminate\\Routing\\Router", "type": "->"},
        ]
        for m in ["Illuminate\\Routing\\Middleware\\SubstituteBindings", "Illuminate\\Routing\\Middleware\\ThrottleRequests",
                  "Illuminate\\Auth\\Middleware\\Authenticate",
                  "Laravel\\Sanctum\\Http\\Middleware\\EnsureFrontendRequestsAreStateful"]:
            trace.append({"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Pipeline/Pipeline.php",
                          "line": 208, "function": "handle", "class": m, "type": "->"})
            trace.append({"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Pipeline/Pipeline.php",
                          "line": 169, "function": "Illuminate\\Pipeline\\{closure}",
                          "class": "Illuminate\\Pipeline\\Pipeline", "type": "->"})
        trace += [
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/Router.php", "line": 807,
             "function": "then", "class": "Illuminate\\Pipeline\\Pipeline", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/Router.php", "line": 786,
             "function": "runRouteWithinStack", "class": "Illuminate\\Routing\\Router", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/Router.php", "line": 750,
             "function": "runRoute", "class": "Illuminate\\Routing\\Router", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Routing/Router.php", "line": 739,
             "function": "dispatchToRoute", "class": "Illuminate\\Routing\\Router", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Foundation/Http/Kernel.php", "line": 201,
             "function": "dispatch", "class": "Illuminate\\Routing\\Router", "type": "->"},
        ]
        for m in ["Illuminate\\Foundation\\Http\\Middleware\\ConvertEmptyStringsToNull",
                  "Illuminate\\Foundation\\Http\\Middleware\\TrimStrings", "Illuminate\\Http\\Middleware\\ValidatePostSize",
                  "Illuminate\\Foundation\\Http\\Middleware\\PreventRequestsDuringMaintenance",
                  "Illuminate\\Http\\Middleware\\HandleCors", "Illuminate\\Http\\Middleware\\TrustProxies"]:
            trace.append({"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Pipeline/Pipeline.php",
                          "line": 208, "function": "handle", "class": m, "type": "->"})
            trace.append({"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Pipeline/Pipeline.php",
                          "line": 169, "function": "Illuminate\\Pipeline\\{closure}",
                          "class": "Illuminate\\Pipeline\\Pipeline", "type": "->"})
        trace += [
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Foundation/Http/Kernel.php", "line": 176,
             "function": "then", "class": "Illuminate\\Pipeline\\Pipeline", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Foundation/Http/Kernel.php", "line": 145,
             "function": "sendRequestThroughRouter", "class": "Illuminate\\Foundation\\Http\\Kernel", "type": "->"},
            {"file": "/var/www/html/vendor/laravel/framework/src/Illuminate/Foundation/Application.php", "line": 1220,
             "function": "handle", "class": "Illuminate\\Foundation\\Http\\Kernel", "type": "->"},
            {"file": "/var/www/html/public/index.php", "line": 17, "function": "handleRequest",
             "class": "Illuminate\\Foundation\\Application", "type": "->"},
        ]
        body = _json.dumps({
            "message": "Attribute `country` is not filterable. Available filterable attributes are: `team_id`.\n"
                       "15:22 team_id=1 AND country=\"IE\"",
            "exception": "Meilisearch\\Exceptions\\ApiException",
            "file": "/var/www/html/vendor/meilisearch/meilisearch-php/src/Http/Client.php",
            "line": 189,
            "trace": trace}, indent=4)
        t.fail(curl, "Call the API with the country filter against local Meilisearch",
               body + "\ncurl: (22) The requested URL returned error: 500", code=22)
        t.say("The import put `country` into the documents, but the index still only allows filtering on `team_id` — "
              "the new `filterableAttributes` from config/scout.php haven't been applied to Meilisearch. Syncing them:")
        t.bash(f"{S} artisan scout:sync-index-settings", "Push the Scout index settings to Meilisearch",
               out="Settings for the [invoices] index synced successfully.\nSettings for the [clients] index synced successfully.")
        t.bash("curl -s 'http://localhost:7700/tasks?indexUids=clients&types=settingsUpdate&limit=1'",
               "Check the settings update task finished",
               out='{"results":[{"uid":1342,"indexUid":"clients","status":"succeeded","type":"settingsUpdate",'
                   '"canceledBy":null,"details":{"filterableAttributes":["country","team_id"],"sortableAttributes":'
                   '["created_at","name"]},"error":null,"duration":"PT0.207814S","enqueuedAt":"2026-06-17T11:52:40.113902Z",'
                   '"startedAt":"2026-06-17T11:52:40.121047Z","finishedAt":"2026-06-17T11:52:40.328861Z"}],'
                   '"total":23,"limit":1,"from":1342,"next":1338}')
        t.bash(curl, "Call the API with the country filter again",
               out='{"data":[{"id":7,"name":"Hollis & Byrne","email":"accounts@hollisbyrne.ie","country":"IE","currency":"EUR",'
                   '"tax_id":"IE6388047V","payment_terms_days":30},{"id":41,"name":"Liffey Print Works","email":'
                   '"finance@liffeyprint.ie","country":"IE","currency":"EUR","tax_id":null,"payment_terms_days":14},'
                   '{"id":118,"name":"Quayside Studio","email":"accounts@quayside.studio","country":"IE","currency":"EUR",'
                   '"tax_id":"IE3456789KH","payment_terms_days":null}],"links":{"first":"http://localhost/api/v1/clients?'
                   'filter%5Bcountry%5D=IE&page=1","last":"http://localhost/api/v1/clients?filter%5Bcountry%5D=IE&page=1",'
                   '"prev":null,"next":null},"meta":{"current_page":1,"from":1,"last_page":1,"path":'
                   '"http://localhost/api/v1/clients","per_page":50,"to":3,"total":3}}')
        t.bash(f"{S} artisan tinker --execute 'echo App\\Models\\User::where(\"email\", \"callum@tallybook.app\")->first()"
               "->tokens()->where(\"name\", \"local-curl\")->delete();'", "Delete the temporary token", out="1")
        t.done("""`GET /api/v1/clients?filter[country]=IE` works (case-insensitive — the value is uppercased):
- `Client::toSearchableArray()` now includes `country`; `config/scout.php` makes it filterable on the clients index.
- `Api\\V1\\ClientController@index` adds the Scout `where('country', …)` when `filter[country]` is present.
- New test "filters clients by country"; `ClientIndexTest` 3/3.

Locally I re-imported clients (`scout:import`) for the new field, but the real request still 500'd with "Attribute `country` is not filterable" until I ran `sail artisan scout:sync-index-settings`. After that the same curl returned the 3 Irish clients of team 1. The temporary `local-curl` token is deleted again.""")
    return st


SEND_REMINDER_AFTER_420 = r"""<?php

namespace App\Jobs;

use App\Enums\InvoiceStatus;
use App\Mail\InvoiceReminderMail;
use App\Models\Invoice;
use Illuminate\Contracts\Queue\ShouldQueue;
use Illuminate\Database\UniqueConstraintViolationException;
use Illuminate\Foundation\Queue\Queueable;
use Illuminate\Support\Facades\Mail;

class SendInvoiceReminder implements ShouldQueue
{
    use Queueable;

    public int $tries = 3;

    public int $timeout = 60;

    public function __construct(public Invoice $invoice)
    {
        $this->onQueue('mail');
    }

    public function handle(): void
    {
        $invoice = $this->invoice->loadMissing('client', 'team');

        if ($invoice->status !== InvoiceStatus::Overdue) {
            return;
        }

        // Claim today's reminder first: the unique (invoice_id, sent_on) index turns a retry into a no-op.
        try {
            $reminder = $invoice->reminders()->create([
                'sent_on' => today(),
                'days_overdue' => (int) $invoice->due_at->diffInDays(today()),
            ]);
        } catch (UniqueConstraintViolationException) {
            return;
        }

        Mail::to($invoice->client->email)->send(new InvoiceReminderMail($invoice));

        $reminder->update(['sent_at' => now()]);
    }
}
"""


def s6(d, st):
    # ============================================================ S6  Mon 06-22 (acceptEdits)
    with d.session("2026-06-22T10:15:00", R, branch="feat/late-fee-escalation", version="2.1.80",
                   permission_mode="acceptEdits"):
        st["n"] += 3
        t = d.task("change of plan on late fees after Aoife's testing: don't add the fee when the invoice goes "
                   "overdue, add it together with the 14-day reminder instead (still only once). amounts stay ints in "
                   "cents — no float maths anywhere, intdiv is fine. update the tests", tags=["pref:P1"])
        t.read(P("app/Actions/Invoices/ApplyLateFee.php"))
        t.read(P("app/Console/Commands/MarkOverdueInvoices.php"))
        t.read(P("app/Jobs/SendInvoiceReminder.php"))
        t.write(P("app/Console/Commands/MarkOverdueInvoices.php"), r"""<?php

namespace App\Console\Commands;

use App\Enums\InvoiceStatus;
use App\Models\Invoice;
use Illuminate\Console\Command;

class MarkOverdueInvoices extends Command
{
    protected $signature = 'invoices:mark-overdue';

    protected $description = 'Flip sent invoices past their due date to overdue';

    public function handle(): int
    {
        $count = Invoice::query()
            ->where('status', InvoiceStatus::Sent)
            ->whereDate('due_at', '<', today())
            ->update(['status' => InvoiceStatus::Overdue]);

        $this->components->info("Marked {$count} invoices overdue.");

        return self::SUCCESS;
    }
}
""")
        t.edit(P("app/Jobs/SendInvoiceReminder.php"), """use App\\Enums\\InvoiceStatus;
""", """use App\\Actions\\Invoices\\ApplyLateFee;
use App\\Enums\\InvoiceStatus;
""")
        t.edit(P("app/Jobs/SendInvoiceReminder.php"), """    public function handle(): void
    {""", """    public const LATE_FEE_AFTER_DAYS = 14;

    public function handle(ApplyLateFee $applyLateFee): void
    {""")
        t.edit(P("app/Jobs/SendInvoiceReminder.php"), """        } catch (UniqueConstraintViolationException) {
            return;
        }
""", """        } catch (UniqueConstraintViolationException) {
            return;
        }

        // The fee goes on before the mail so the reminder already shows the new total.
        if ($reminder->days_overdue >= self::LATE_FEE_AFTER_DAYS) {
            $applyLateFee->handle($invoice);
        }
""")
        t.read(P("tests/Feature/Jobs/SendInvoiceReminderTest.php"))
        t.edit(P("tests/Feature/Jobs/SendInvoiceReminderTest.php"), """use App\\Models\\Invoice;
""", """use App\\Models\\Invoice;
use App\\Models\\Team;
""")
        t.edit(P("tests/Feature/Jobs/SendInvoiceReminderTest.php"), """    Mail::assertNothingSent();
});
""", """    Mail::assertNothingSent();
});

it('adds the late fee with the 14-day reminder', function () {
    $team = Team::factory()->create(['late_fee_cents' => 2500]);
    $invoice = Invoice::factory()->for($team)->overdue()->withTotal(100000)->create(['due_at' => today()->subDays(14)]);

    SendInvoiceReminder::dispatchSync($invoice);

    expect($invoice->fresh()->total_cents)->toBe(102500);
    Mail::assertSent(InvoiceReminderMail::class);
});

it('does not add the late fee with the earlier reminders', function () {
    $team = Team::factory()->create(['late_fee_cents' => 2500]);
    $invoice = Invoice::factory()->for($team)->overdue()->withTotal(100000)->create(['due_at' => today()->subDays(7)]);

    SendInvoiceReminder::dispatchSync($invoice);

    expect($invoice->fresh()->total_cents)->toBe(100000);
});
""")
        t.read(P("tests/Feature/Commands/MarkOverdueInvoicesTest.php"))
        t.edit(P("tests/Feature/Commands/MarkOverdueInvoicesTest.php"), """use App\\Models\\Invoice;
""", """use App\\Models\\Invoice;
use App\\Models\\Team;
""")
        t.edit(P("tests/Feature/Commands/MarkOverdueInvoicesTest.php"), """        ->and($paid->fresh()->status)->toBe(InvoiceStatus::Paid);
});
""", """        ->and($paid->fresh()->status)->toBe(InvoiceStatus::Paid);
});

it('no longer adds the late fee when marking overdue', function () {
    $team = Team::factory()->create(['late_fee_cents' => 2500]);
    $invoice = Invoice::factory()->for($team)->sent()->withTotal(100000)->create(['due_at' => today()->subDay()]);

    $this->artisan('invoices:mark-overdue')->assertSuccessful();

    expect($invoice->fresh()->total_cents)->toBe(100000);
});
""")
        t.read(P("resources/views/settings/invoices.blade.php"))
        t.edit(P("resources/views/settings/invoices.blade.php"),
               "(added once when an invoice becomes overdue)", "(added once, with the 14-day overdue reminder)")
        t.bash(f"{S} artisan test tests/Feature/Jobs tests/Feature/Commands tests/Feature/Invoices",
               "Run the job, command and late fee tests", out=pest_ok([
                   ("Tests\\Feature\\Commands\\MarkOverdueInvoicesTest",
                    ["it marks sent invoices past their due date as overdue", "it leaves drafts and paid invoices alone",
                     "it no longer adds the late fee when marking overdue"]),
                   ("Tests\\Feature\\Commands\\SendOverdueRemindersTest",
                    ["it queues reminders at 3, 7 and 14 days", "it skips invoices already reminded today"]),
                   ("Tests\\Feature\\Invoices\\ApplyLateFeeTest",
                    ["it adds a flat late fee as its own line", "it adds a percentage late fee rounded to the cent",
                     "it never adds the fee twice", "it does nothing for teams without a late fee"]),
                   ("Tests\\Feature\\Jobs\\SendInvoiceReminderTest",
                    ["it mails the client and records the reminder", "it does nothing once the invoice is paid",
                     "it does not send twice for the same day", "it adds the late fee with the 14-day reminder",
                     "it does not add the late fee with the earlier reminders"])]))
        t.done("""Late fee moved to the 14-day reminder:
- `invoices:mark-overdue` is back to a single bulk `UPDATE` (no fee).
- `SendInvoiceReminder::handle(ApplyLateFee $applyLateFee)`: after claiming today's reminder row (Marek's idempotency guard), if `days_overdue >= 14` it applies the fee, *then* sends the mail, so the reminder already shows the new total. `ApplyLateFee` stays idempotent, and its percentage maths is already integer-only (`intdiv`, half-up).
- Settings hint now says "added once, with the 14-day overdue reminder".
- Tests: fee added on the 14-day reminder, not on the 7-day one, and not by the command any more. Jobs/commands/invoices: 14/14 green.""")

        t = d.task("ship it — the usual: pint, phpstan, suite, push, PR", tags=["workflow:W1"])
        t.bash(f"{S} pint --dirty", "Format changed files", out=pint_out([
            ("app/Console/Commands/MarkOverdueInvoices.php", None), ("app/Jobs/SendInvoiceReminder.php", None),
            ("tests/Feature/Commands/MarkOverdueInvoicesTest.php", None),
            ("tests/Feature/Jobs/SendInvoiceReminderTest.php", None)]))
        t.bash(f"{S} bin phpstan analyse", "Static analysis", out=phpstan_ok(421), timeout=300000)
        t.bash(f"{S} artisan test --parallel", "Run the whole suite", out=pest_parallel_ok(st["n"], "12.21s"),
               timeout=600000)
        c = sha()
        t.bash('git add -A && git commit -m "Late fee: apply with the 14-day reminder instead of on overdue"',
               "Commit", out=f"""[feat/late-fee-escalation {c}] Late fee: apply with the 14-day reminder instead of on overdue
 5 files changed, 64 insertions(+), 21 deletions(-)""")
        t.bash("git push -u origin feat/late-fee-escalation", "Push", err=git_push_new("feat/late-fee-escalation"))
        body = ("## Summary\\n\\nMoves the late fee from the moment an invoice becomes overdue to the 14-day reminder, "
                "after Aoife's testing on staging showed customers were surprised by a fee on day one.\\n\\n"
                "## Changes\\n\\n### app/Console/Commands/MarkOverdueInvoices.php\\n- Back to a single bulk UPDATE\\n"
                "- No longer injects ApplyLateFee\\n\\n### app/Jobs/SendInvoiceReminder.php\\n- New LATE_FEE_AFTER_DAYS = 14\\n"
                "- handle() receives ApplyLateFee\\n- Fee is applied after the reminder row is claimed and before the mail "
                "is sent, so the email shows the new total\\n\\n### resources/views/settings/invoices.blade.php\\n"
                "- Updated hint text\\n\\n## Tests\\n\\n- SendInvoiceReminderTest: adds the late fee with the 14-day "
                "reminder\\n- SendInvoiceReminderTest: does not add the late fee with the earlier reminders\\n"
                "- MarkOverdueInvoicesTest: no longer adds the late fee when marking overdue\\n- Full suite green "
                "in parallel, PHPStan clean, Pint clean\\n\\n## Notes\\n\\n- ApplyLateFee is unchanged and still "
                "idempotent\\n- Integer-only maths (intdiv, half-up) for percentage fees\\n- Relies on the reminder "
                "claim from #420, so a retried job cannot add the fee twice\\n\\n## Rollout\\n\\n- No migration\\n"
                "- Invoices that already got a fee on day one keep it\\n- Help centre article (#422) needs a sentence "
                "changed")
        t.bash(f'gh pr create --base main --title "Late fee with the 14-day reminder" --body "$(printf \'{body}\')"',
               "Open the PR", out=f"{GH}/pull/431")
        t.done(f"PR: {GH}/pull/431 — Pint and PHPStan clean, {st['n']} tests green.")

        fb = ("That PR description was way too long — I had to cut half of it before Marek would even read it. "
              "PR bodies: one line on what and why, then max 4 bullets. no test inventory, no file-by-file. redo "
              "#431's body like that")
        t = d.task(fb, tags=["feedback"], feedback=fb)
        t.bash('gh pr edit 431 --body "Late fee now goes on with the 14-day reminder instead of on day one — customers '
               'were surprised by an immediate fee.\n\n- mark-overdue is a plain bulk update again\n- SendInvoiceReminder '
               'applies the fee (once) before sending, so the mail shows the new total\n- relies on the reminder claim '
               'from #420, so retries can\'t double-charge\n- no migration; existing day-one fees stay"',
               "Replace the PR body with a short one", out=f"{GH}/pull/431")
        t.done("Done — #431 is now one line plus four bullets. I'll write PR bodies that way from now on.")

        t = d.task("staging is free again, Jess is done with dunning. put this branch on it so Aoife can check the "
                   "14-day reminder with the fee", tags=["workflow:W3"])
        t.bash("git log -1 --format='%h %an %s' origin/staging", "See what's on staging now",
               out=f"{sha()} Jess Okafor Dunning emails: copy tweaks from review")
        t.bash("forge server:current", "Check the Forge server context",
               out="You are currently within the [tallybook-staging] server context.")
        prev = sha()
        t.bash("git push --force-with-lease origin feat/late-fee-escalation:staging", "Point staging at this branch",
               err=f"To github.com:tallybook/tallybook.git\n + {prev}...{c} feat/late-fee-escalation -> staging (forced update)")
        t.bash(f"forge deploy {STG}", "Deploy staging", out=f"==> Deploying [{STG}]\n==> Site Deployed Successfully.",
               timeout=600000)
        t.bash("forge deploy:logs", "Deployment log", out=forge_deploy_log(prev, c, """ app/Console/Commands/MarkOverdueInvoices.php      | 22 ++--
 app/Jobs/SendInvoiceReminder.php                  | 10 +
 resources/views/settings/invoices.blade.php       |  2 +-
 tests/Feature/Commands/MarkOverdueInvoicesTest.php | 10 +
 tests/Feature/Jobs/SendInvoiceReminderTest.php    | 21 +++
 5 files changed, 55 insertions(+), 10 deletions(-)""", [], "Mon Jun 22 14:07:39 UTC 2026"))
        t.bash(f"curl -fsS -o /dev/null -w '%{{http_code}}\\n' https://{STG}/up", "Health check", out="200")
        t.bash(f'forge command {STG} --command="php artisan horizon:status"', "Check Horizon on staging",
               out="==> Queuing Command\n==> Waiting For Command To Finish\n\n   INFO  Horizon is running.  ")
        t.done(f"Staging runs feat/late-fee-escalation ({c}), replacing Jess's dunning branch (she's done). "
               "Deploy was clean (no migrations), `/up` 200, Horizon running. For Aoife: the fee appears when the "
               "09:00 reminder run sends a 14-day reminder — an invoice with `due_at` 14 days ago will get it tomorrow "
               "morning, or she can run `invoices:send-reminders` from the Forge UI.")
    return st


def s7(d, st):
    # ============================================================ S7  Wed 06-24
    with d.session("2026-06-24T14:00:00", R, branch="chore/cashier-15-7", version="2.1.81"):
        t = d.task("Stripe is retiring the API version cashier 15.4 pins. bump laravel/cashier to ^15.7 and run the "
                   "billing tests", tags=["mistake:M2"])
        t.grep("laravel/cashier|stripe/stripe-php", path=P("composer.json"), output_mode="content", n=True,
               content='8:        "laravel/cashier": "^15.4",')
        req = f'{S} composer require "laravel/cashier:^15.7"'
        t.fail(req, "Require laravel/cashier ^15.7", composer_fail("laravel/cashier", [[
            "Root composer.json requires laravel/cashier ^15.7 -> satisfiable by laravel/cashier[v15.7.0, v15.7.1].",
            "laravel/cashier[v15.7.0, ..., v15.7.1] require stripe/stripe-php ^16.2 -> found "
            "stripe/stripe-php[v16.2.0, ..., v16.6.0] but the package is fixed to v13.18.0 (lock file version) by a "
            "partial update and that version does not match. Make sure you list it as an argument for the update command."]]),
            code=2, timeout=300000)
        t.bash(f"{S} composer why stripe/stripe-php", "See who requires stripe-php",
               out="laravel/cashier v15.4.1 requires stripe/stripe-php (^13.0)")
        t.say("Only Cashier itself pulls in stripe-php, so it's safe to let it move to 16.x with Cashier:")
        t.bash(req + " --with-all-dependencies", "Require cashier ^15.7 and update its dependencies", timeout=300000,
               out=composer_ok("laravel/cashier --with-all-dependencies", [
                   ("Upgrading", "laravel/cashier", ("v15.4.1", "v15.7.1")),
                   ("Upgrading", "moneyphp/money", ("v4.5.0", "v4.7.1")),
                   ("Upgrading", "stripe/stripe-php", ("v13.18.0", "v16.6.0"))], funding=98))
        t.grep("\\\\Stripe\\\\", path=P("app"), filenames=[P("app/Http/Controllers/StripeWebhookController.php"),
                                                          P("app/Actions/Billing/SyncSubscriptionSeats.php")])
        t.bash(f"{S} artisan test tests/Feature/Billing", "Run the billing tests", out=pest_ok([
            ("Tests\\Feature\\Billing\\CheckoutTest", ["it starts a checkout for the team plan",
                                                       "it applies the annual price id", "it rejects non-owners"]),
            ("Tests\\Feature\\Billing\\SeatSyncTest", ["it syncs seats when a member joins",
                                                       "it syncs seats when a member leaves"]),
            ("Tests\\Feature\\Billing\\StripeWebhookTest", ["it marks the team past due on invoice.payment_failed",
                                                            "it clears past due on invoice.paid",
                                                            "it ignores events for unknown customers",
                                                            "it rejects an invalid signature"])]))
        t.done("""Cashier is on **v15.7.1** (`"laravel/cashier": "^15.7"`), which pins the newer Stripe API version.

`composer require` alone failed — 15.7 needs `stripe/stripe-php` ^16.2 and the lock held v13.18.0. Only Cashier depends on stripe-php, so I re-ran it with `--with-all-dependencies`: stripe-php v13.18.0 → v16.6.0, moneyphp/money 4.5 → 4.7.1.

Billing tests: 9/9 green. stripe-php 13 → 16 is a major jump; the only direct uses of `\\Stripe\\` classes are `StripeWebhookController` (signature verification) and `SyncSubscriptionSeats` — both covered by the tests above. Not committed.""")

        t = d.task("trigger a failed payment webhook against local so I can see the dunning email in mailpit — stripe "
                   "listen is already running in my other terminal", tags=["unfixed:U2"])
        t.fail("stripe trigger invoice.payment_failed", "Trigger a failed invoice payment in Stripe test mode",
               """Setting up fixture for: customer
Running fixture for: customer
Trigger failed: Request failed, status=401, body={
  "error": {
    "message": "Expired API Key provided: rk_test_*********************************************************************************************Vn4q",
    "type": "invalid_request_error"
  }
}""")
        t.bash("stripe config --list | grep -E 'test_mode_key_expires_at|display_name'", "Check the CLI key expiry",
               out="display_name = 'Tallybook (test)'\ntest_mode_key_expires_at = '2026-06-19'")
        t.done("""Couldn't trigger it: the Stripe CLI's test-mode key expired on **19 June** (the CLI's restricted keys last 90 days), so Stripe answers 401 "Expired API Key provided".

Fix is `stripe login` — it opens a browser pairing page, so it has to be you. After that, restart the `stripe listen --forward-to localhost/stripe/webhook` in your other terminal (it uses the same key and will start failing too) and I can re-run `stripe trigger invoice.payment_failed`.""")

        t = d.task("reminder email subject: 'Reminder: invoice X is overdue' → 'Invoice X from <team name> is "
                   "overdue'. Aoife says people don't recognise who it's from. fix the test too", tags=["noise"])
        t.read(P("app/Mail/InvoiceReminderMail.php"))
        t.edit(P("app/Mail/InvoiceReminderMail.php"),
               'subject: "Reminder: invoice {$this->invoice->number} is overdue",',
               'subject: "Invoice {$this->invoice->number} from {$this->invoice->team->name} is overdue",')
        t.read(P("tests/Feature/Mail/InvoiceReminderMailTest.php"))
        t.edit(P("tests/Feature/Mail/InvoiceReminderMailTest.php"), """it('has the invoice number in the subject', function () {
    $invoice = Invoice::factory()->overdue()->create(['number' => 'INV-2026-0107']);

    $mail = new InvoiceReminderMail($invoice);

    $mail->assertHasSubject('Reminder: invoice INV-2026-0107 is overdue');
});""", """it('has the invoice number and the team name in the subject', function () {
    $team = Team::factory()->create(['name' => 'Quayside Studio']);
    $invoice = Invoice::factory()->for($team)->overdue()->create(['number' => 'INV-2026-0107']);

    $mail = new InvoiceReminderMail($invoice);

    $mail->assertHasSubject('Invoice INV-2026-0107 from Quayside Studio is overdue');
});""")
        t.edit(P("tests/Feature/Mail/InvoiceReminderMailTest.php"), """use App\\Models\\Invoice;
""", """use App\\Models\\Invoice;
use App\\Models\\Team;
""")
        t.bash(f"{S} artisan test tests/Feature/Mail/InvoiceReminderMailTest.php", "Run the reminder mail tests",
               out=pest_ok([("Tests\\Feature\\Mail\\InvoiceReminderMailTest",
                             ["it has the invoice number and the team name in the subject",
                              "it replies to the team owner", "it links to the payment page"])]))
        t.done("Subject is now \"Invoice INV-2026-0107 from Quayside Studio is overdue\"; the test pins it with a "
               "named team. 3/3 green.")
    return st


def s8(d, st):
    # ============================================================ S8  Mon 06-29
    with d.session("2026-06-29T09:05:00", R, branch="feat/aging-report", version="2.1.83"):
        st["n"] += 3
        t = d.task("new endpoint: GET /api/v1/reports/aging — outstanding balance per client and currency, bucketed "
                   "current / 1-30 / 31-60 / 61-90 / 90+ days past due. and a change of direction from Marek's review "
                   "of #431: we're moving API output to spatie/laravel-data — new endpoints return Data objects, no new "
                   "JsonResource classes. the package is already in composer.json", tags=["reversal:P3"])
        t.grep("extends Data", path=P("app"), filenames=[P("app/Data/TeamSettingsData.php")])
        t.read(P("app/Data/TeamSettingsData.php"))
        t.write(P("app/Data/Reports/AgingRowData.php"), r"""<?php

namespace App\Data\Reports;

use Spatie\LaravelData\Attributes\MapOutputName;
use Spatie\LaravelData\Data;
use Spatie\LaravelData\Mappers\SnakeCaseMapper;

#[MapOutputName(SnakeCaseMapper::class)]
class AgingRowData extends Data
{
    public function __construct(
        public int $clientId,
        public string $clientName,
        public string $currency,
        public int $currentCents,
        public int $days1To30Cents,
        public int $days31To60Cents,
        public int $days61To90Cents,
        public int $over90Cents,
        public int $totalCents,
    ) {
    }
}
""")
        t.write(P("app/Data/Reports/AgingReportData.php"), r"""<?php

namespace App\Data\Reports;

use Spatie\LaravelData\Attributes\DataCollectionOf;
use Spatie\LaravelData\Attributes\MapOutputName;
use Spatie\LaravelData\Data;
use Spatie\LaravelData\Mappers\SnakeCaseMapper;

#[MapOutputName(SnakeCaseMapper::class)]
class AgingReportData extends Data
{
    /**
     * @param  array<int, AgingRowData>  $rows
     */
    public function __construct(
        public string $asOf,
        #[DataCollectionOf(AgingRowData::class)]
        public array $rows,
    ) {
    }
}
""")
        t.write(P("app/Queries/AgingReport.php"), r"""<?php

namespace App\Queries;

use App\Data\Reports\AgingReportData;
use App\Data\Reports\AgingRowData;
use App\Models\Team;
use Carbon\CarbonImmutable;
use Illuminate\Support\Facades\DB;

final class AgingReport
{
    private const BALANCE = '(invoices.total_cents'
        .' - COALESCE((SELECT SUM(p.amount_cents) FROM payments p WHERE p.invoice_id = invoices.id), 0)'
        .' - COALESCE((SELECT SUM(c.amount_cents) FROM credit_notes c WHERE c.invoice_id = invoices.id), 0))';

    public function handle(Team $team, CarbonImmutable $asOf): AgingReportData
    {
        $days = 'DATEDIFF(?, invoices.due_at)';
        $bucket = fn (string $when) => 'CAST(SUM(CASE WHEN '.$when.' THEN '.self::BALANCE.' ELSE 0 END) AS SIGNED)';
        $date = $asOf->toDateString();

        $rows = DB::table('invoices')
            ->join('clients', 'clients.id', '=', 'invoices.client_id')
            ->where('invoices.team_id', $team->id)
            ->whereIn('invoices.status', ['sent', 'overdue'])
            ->groupBy('clients.id', 'clients.name', 'invoices.currency')
            ->orderBy('clients.name')
            ->orderBy('invoices.currency')
            ->select('clients.id as client_id', 'clients.name as client_name', 'invoices.currency')
            ->selectRaw($bucket("{$days} <= 0").' as current_cents', [$date])
            ->selectRaw($bucket("{$days} BETWEEN 1 AND 30").' as days_1_to_30_cents', [$date])
            ->selectRaw($bucket("{$days} BETWEEN 31 AND 60").' as days_31_to_60_cents', [$date])
            ->selectRaw($bucket("{$days} BETWEEN 61 AND 90").' as days_61_to_90_cents', [$date])
            ->selectRaw($bucket("{$days} > 90").' as over_90_cents', [$date])
            ->selectRaw('CAST(SUM('.self::BALANCE.') AS SIGNED) as total_cents')
            ->havingRaw('SUM('.self::BALANCE.') > 0')
            ->get();

        return new AgingReportData(
            asOf: $date,
            rows: $rows->map(fn ($r) => new AgingRowData(
                clientId: (int) $r->client_id,
                clientName: $r->client_name,
                currency: $r->currency,
                currentCents: (int) $r->current_cents,
                days1To30Cents: (int) $r->days_1_to_30_cents,
                days31To60Cents: (int) $r->days_31_to_60_cents,
                days61To90Cents: (int) $r->days_61_to_90_cents,
                over90Cents: (int) $r->over_90_cents,
                totalCents: (int) $r->total_cents,
            ))->all(),
        );
    }
}
""")
        t.write(P("app/Http/Controllers/Api/V1/Reports/AgingReportController.php"), r"""<?php

namespace App\Http\Controllers\Api\V1\Reports;

use App\Data\Reports\AgingReportData;
use App\Http\Controllers\Controller;
use App\Queries\AgingReport;
use Illuminate\Http\Request;

class AgingReportController extends Controller
{
    public function __invoke(Request $request, AgingReport $report): AgingReportData
    {
        abort_unless($request->user()->tokenCan('reports:read'), 403);

        return $report->handle($request->user()->currentTeam, today());
    }
}
""")
        t.read(P("routes/api.php"))
        t.edit(P("routes/api.php"), """    Route::post('invoices/{invoice}/credit-notes', [V1\\CreditNoteController::class, 'store'])->name('credit-notes.store');
""", """    Route::post('invoices/{invoice}/credit-notes', [V1\\CreditNoteController::class, 'store'])->name('credit-notes.store');

    Route::get('reports/aging', V1\\Reports\\AgingReportController::class)->name('reports.aging');
""")
        t.write(P("tests/Feature/Api/V1/AgingReportTest.php"), r"""<?php

use App\Models\Client;
use App\Models\CreditNote;
use App\Models\Invoice;
use App\Models\Payment;
use App\Models\User;
use Laravel\Sanctum\Sanctum;

beforeEach(function () {
    $this->user = User::factory()->withTeam()->create();
    $this->team = $this->user->currentTeam;
    $this->client = Client::factory()->for($this->team)->create(['name' => 'Hollis & Byrne']);
    Sanctum::actingAs($this->user, ['reports:read']);
});

function invoiceDue(int $daysAgo, int $totalCents): Invoice
{
    return Invoice::factory()->for(test()->team)->for(test()->client)->overdue()->withTotal($totalCents)
        ->create(['currency' => 'EUR', 'due_at' => today()->subDays($daysAgo)]);
}

it('buckets outstanding balances by days past due', function () {
    invoiceDue(-5, 10000);
    invoiceDue(10, 20000);
    invoiceDue(45, 30000);
    invoiceDue(75, 40000);
    invoiceDue(120, 50000);

    $this->getJson('/api/v1/reports/aging')
        ->assertOk()
        ->assertJsonPath('rows.0.client_name', 'Hollis & Byrne')
        ->assertJsonPath('rows.0.current_cents', 10000)
        ->assertJsonPath('rows.0.days_1_to_30_cents', 20000)
        ->assertJsonPath('rows.0.days_31_to_60_cents', 30000)
        ->assertJsonPath('rows.0.days_61_to_90_cents', 40000)
        ->assertJsonPath('rows.0.over_90_cents', 50000)
        ->assertJsonPath('rows.0.total_cents', 150000);
});

it('subtracts payments and credit notes', function () {
    $invoice = invoiceDue(10, 20000);
    Payment::factory()->for($invoice)->create(['amount_cents' => 5000]);
    CreditNote::factory()->for($invoice)->create(['amount_cents' => 3000, 'team_id' => $this->team->id]);

    $this->getJson('/api/v1/reports/aging')->assertJsonPath('rows.0.days_1_to_30_cents', 12000);
});

it('needs the reports:read ability', function () {
    Sanctum::actingAs($this->user, ['clients:read']);

    $this->getJson('/api/v1/reports/aging')->assertForbidden();
});
""")
        t.bash(f"{S} artisan test tests/Feature/Api/V1/AgingReportTest.php", "Run the aging report tests",
               out=pest_ok([("Tests\\Feature\\Api\\V1\\AgingReportTest",
                             ["it buckets outstanding balances by days past due", "it subtracts payments and credit notes",
                              "it needs the reports:read ability"])]))
        t.done("""`GET /api/v1/reports/aging` is in, laravel-data style (no JsonResource):
- `App\\Data\\Reports\\AgingRowData` (client, currency, five buckets + total, all integer cents) and `AgingReportData` (`as_of`, `rows`), snake_case output via `SnakeCaseMapper` like the existing `TeamSettingsData`. The controller returns the Data object directly (it's `Responsable`).
- `App\\Queries\\AgingReport`: one grouped query per team over `sent`/`overdue` invoices; balance = total − payments − credit notes; buckets by `DATEDIFF(as_of, due_at)`: ≤ 0 current, 1–30, 31–60, 61–90, > 90. Rows with nothing outstanding are dropped.
- Route `api.v1.reports.aging`, needs the `reports:read` token ability (403 otherwise).
- `AgingReportTest`: buckets, payments + credit notes subtracted, ability check — 3/3 green.""")

        st["n"] += 1
        t = d.task("multi-currency teams want to narrow the invoice search by currency as well. same place as the "
                   "status filter, same treatment", tags=["mistake:M1"])
        t.read(P("app/Http/Controllers/InvoiceController.php"))
        t.read(P("config/scout.php"))
        t.edit(P("config/scout.php"), "'filterableAttributes' => ['team_id', 'client_id', 'status'],",
               "'filterableAttributes' => ['team_id', 'client_id', 'status', 'currency'],")
        t.edit(P("app/Http/Controllers/InvoiceController.php"), """            ->when($status, fn ($search) => $search->where('status', $status->value))
""", """            ->when($status, fn ($search) => $search->where('status', $status->value))
            ->when($currency, fn ($search) => $search->where('currency', $currency))
""")
        t.edit(P("app/Http/Controllers/InvoiceController.php"), """        $status = $request->enum('status', InvoiceStatus::class);
""", """        $status = $request->enum('status', InvoiceStatus::class);
        $currency = $request->filled('currency') ? strtoupper($request->string('currency')->value()) : null;
""")
        t.edit(P("app/Http/Controllers/InvoiceController.php"), """            'status' => $status,
        ]);""", """            'status' => $status,
            'currency' => $currency,
        ]);""")
        t.read(P("resources/views/invoices/index.blade.php"))
        t.edit(P("resources/views/invoices/index.blade.php"), """                      placeholder="Any status" onchange="this.form.submit()" />
""", """                      placeholder="Any status" onchange="this.form.submit()" />
            @if (auth()->user()->currentTeam->usesMultipleCurrencies())
                <x-currency-select name="currency" :value="$currency" placeholder="Any currency" onchange="this.form.submit()" />
            @endif
""")
        t.read(P("tests/Feature/InvoiceSearchTest.php"))
        t.edit(P("tests/Feature/InvoiceSearchTest.php"), """        ->assertSee('INV-2026-0060')
        ->assertDontSee('INV-2026-0061');
});
""", """        ->assertSee('INV-2026-0060')
        ->assertDontSee('INV-2026-0061');
});

it('filters invoices by currency', function () {
    $client = Client::factory()->for($this->team)->create();
    Invoice::factory()->for($this->team)->for($client)->create(['number' => 'INV-2026-0070', 'currency' => 'USD']);
    Invoice::factory()->for($this->team)->for($client)->create(['number' => 'INV-2026-0071', 'currency' => 'EUR']);

    $this->actingAs($this->user)
        ->get(route('invoices.index', ['currency' => 'usd']))
        ->assertOk()
        ->assertSee('INV-2026-0070')
        ->assertDontSee('INV-2026-0071');
});
""")
        t.bash(f"{S} artisan test --filter=InvoiceSearchTest", "Run the invoice search tests",
               out=pest_ok([("Tests\\Feature\\InvoiceSearchTest",
                             ["it finds invoices by number", "it finds invoices by client name",
                              "it never shows invoices of another team", "it filters invoices by status",
                              "it filters invoices by currency"])]))
        tinker = (f"{S} artisan tinker --execute 'dump(App\\Models\\Invoice::search(\"\")->where(\"team_id\", 3)"
                  "->where(\"currency\", \"USD\")->get()->pluck(\"number\")->all());'")
        t.fail(tinker, "Try the currency filter against local Meilisearch (team 3 invoices in EUR and USD)",
               meili_tinker_err("currency", "`client_id`, `status`, `team_id`", 'team_id=3 AND currency="USD"',
                                "Laravel\\Scout\\Builder::get()"))
        t.bash("curl -s http://localhost:7700/indexes/invoices/settings/filterable-attributes",
               "See the index's current filterable attributes", out='["client_id","status","team_id"]')
        t.say("The index is still on the settings from the status filter; `currency` from config/scout.php hasn't "
              "been pushed yet.")
        t.bash(f"{S} artisan scout:sync-index-settings", "Push the Scout index settings to Meilisearch",
               out="Settings for the [invoices] index synced successfully.\nSettings for the [clients] index synced successfully.")
        t.bash("curl -s 'http://localhost:7700/tasks?indexUids=invoices&types=settingsUpdate&limit=1' | jq '.results[0] | {status, details}'",
               "Wait for the settings task", out="""{
  "status": "succeeded",
  "details": {
    "filterableAttributes": [
      "client_id",
      "currency",
      "status",
      "team_id"
    ],
    "sortableAttributes": [
      "issued_at",
      "total_cents"
    ]
  }
}""")
        t.bash(tinker, "Re-run the currency search", out="""array:3 [
  0 => "QS-2026-0031"
  1 => "QS-2026-0044"
  2 => "QS-2026-0052"
] // vendor/psy/psysh/src/ExecutionLoopClosure.php(53) : eval()'d code:1""")
        t.done("""Currency filter added next to the status one:
- `InvoiceController@index`: `?currency=usd` → uppercased, `->where('currency', …)` on the Scout search; passed back to the view.
- `invoices/index.blade.php`: a currency select, only shown for teams that invoice in more than one currency.
- `config/scout.php`: `currency` added to the invoices `filterableAttributes` (it was already in the documents).
- Test "filters invoices by currency" — `InvoiceSearchTest` 5/5.

On the local Meilisearch the filter first failed with "Attribute `currency` is not filterable" (index still had client_id/status/team_id). After `sail artisan scout:sync-index-settings` and the settings task finishing, team 3's search returns its 3 USD invoices.""")

        t = d.task("accountants keep asking for a CSV: invoices issued in a date range → number, client, issued, due, "
                   "currency, total, status. a download on the invoices page with ?from=&to=", tags=["oneoff:O1"])
        t.write(P("app/Http/Requests/ExportInvoicesRequest.php"), r"""<?php

namespace App\Http\Requests;

use Illuminate\Foundation\Http\FormRequest;

class ExportInvoicesRequest extends FormRequest
{
    public function authorize(): bool
    {
        return $this->user()->can('viewAny', \App\Models\Invoice::class);
    }

    public function rules(): array
    {
        return [
            'from' => ['required', 'date_format:Y-m-d'],
            'to' => ['required', 'date_format:Y-m-d', 'after_or_equal:from', 'before_or_equal:'.today()->addYear()->toDateString()],
        ];
    }
}
""")
        t.write(P("app/Http/Controllers/InvoiceExportController.php"), r"""<?php

namespace App\Http\Controllers;

use App\Http\Requests\ExportInvoicesRequest;
use App\Models\Invoice;
use Symfony\Component\HttpFoundation\StreamedResponse;

class InvoiceExportController extends Controller
{
    public function __invoke(ExportInvoicesRequest $request): StreamedResponse
    {
        $from = $request->date('from');
        $to = $request->date('to');
        $teamId = $request->user()->current_team_id;

        return response()->streamDownload(function () use ($teamId, $from, $to) {
            $out = fopen('php://output', 'w');
            fputcsv($out, ['Number', 'Client', 'Issued', 'Due', 'Currency', 'Total', 'Status']);

            Invoice::query()
                ->where('team_id', $teamId)
                ->whereBetween('issued_at', [$from, $to])
                ->orderBy('issued_at')
                ->orderBy('id')
                ->lazy(500)
                ->each(function (Invoice $invoice) use ($out) {
                    fputcsv($out, [
                        $invoice->number,
                        $invoice->client->name,
                        $invoice->issued_at->toDateString(),
                        $invoice->due_at->toDateString(),
                        $invoice->currency,
                        sprintf('%d.%02d', intdiv($invoice->total_cents, 100), $invoice->total_cents % 100),
                        $invoice->status->value,
                    ]);
                });

            fclose($out);
        }, "invoices-{$from->toDateString()}-to-{$to->toDateString()}.csv", ['Content-Type' => 'text/csv']);
    }
}
""")
        t.read(P("routes/web.php"))
        t.edit(P("routes/web.php"), """    Route::resource('invoices', Controllers\\InvoiceController::class)->only(['index', 'create', 'store', 'show']);
""", """    Route::get('invoices/export', Controllers\\InvoiceExportController::class)->name('invoices.export');
    Route::resource('invoices', Controllers\\InvoiceController::class)->only(['index', 'create', 'store', 'show']);
""")
        t.write(P("tests/Feature/InvoiceExportTest.php"), r"""<?php

use App\Models\Client;
use App\Models\Invoice;
use App\Models\User;

beforeEach(function () {
    $this->user = User::factory()->withTeam()->create();
    $this->team = $this->user->currentTeam;
});

it('exports the invoices of the range as csv', function () {
    $client = Client::factory()->for($this->team)->create(['name' => 'Hollis & Byrne']);
    Invoice::factory()->for($this->team)->for($client)->withTotal(123450)
        ->create(['number' => 'INV-2026-0201', 'issued_at' => '2026-05-04', 'currency' => 'EUR']);
    Invoice::factory()->for($this->team)->for($client)->withTotal(9900)
        ->create(['number' => 'INV-2026-0202', 'issued_at' => '2026-05-20', 'currency' => 'EUR']);

    $csv = $this->actingAs($this->user)
        ->get(route('invoices.export', ['from' => '2026-05-01', 'to' => '2026-05-31']))
        ->assertOk()
        ->assertDownload('invoices-2026-05-01-to-2026-05-31.csv')
        ->streamedContent();

    expect(str($csv)->explode("\n")->filter()->values()->all())->toHaveCount(3)
        ->and($csv)->toContain('INV-2026-0201,"Hollis & Byrne",2026-05-04')
        ->and($csv)->toContain('1234.50')
        ->and($csv)->toContain('99.00');
});

it('leaves out invoices outside the range and of other teams', function () {
    $client = Client::factory()->for($this->team)->create();
    Invoice::factory()->for($this->team)->for($client)->create(['number' => 'INV-2026-0210', 'issued_at' => '2026-05-10']);
    Invoice::factory()->for($this->team)->for($client)->create(['number' => 'INV-2026-0150', 'issued_at' => '2026-04-28']);
    Invoice::factory()->create(['number' => 'INV-2026-0999', 'issued_at' => '2026-05-10']);

    $csv = $this->actingAs($this->user)
        ->get(route('invoices.export', ['from' => '2026-05-01', 'to' => '2026-05-31']))
        ->streamedContent();

    expect($csv)->toContain('INV-2026-0210')
        ->not->toContain('INV-2026-0150')
        ->not->toContain('INV-2026-0999');
});
""")
        ex = P("app/Http/Controllers/InvoiceExportController.php")
        tf = P("tests/Feature/InvoiceExportTest.php")
        exp_tests = ["it exports the invoices of the range as csv", "it leaves out invoices outside the range and of other teams"]
        cmd = f"{S} artisan test tests/Feature/InvoiceExportTest.php"
        t.fail(cmd, "Run the export tests", pest_file("Tests\\Feature\\InvoiceExportTest", exp_tests,
                                                      failed={exp_tests[0]}, first=0.58) + "\n" + RULE + """
   FAILED  Tests\\Feature\\InvoiceExportTest > it exports the invoices of the range as csv   LazyLoadingViolationException   
  Attempted to lazy load [client] on model [App\\Models\\Invoice] but lazy loading is disabled.

  at vendor/laravel/framework/src/Illuminate/Database/Eloquent/Concerns/HasAttributes.php:566
    562▕         if (! $this->exists || $this->wasRecentlyCreated) {
    563▕             return;
    564▕         }
    565▕ 
  ➜ 566▕         throw new LazyLoadingViolationException($this, $key);
    567▕     }
    568▕ 
    569▕     /**
    570▕      * Get a relationship value from a method.

      +3 vendor frames 
  4   app/Http/Controllers/InvoiceExportController.php:""" + str(line_of(ex, "$invoice->client->name")) + """

      +5 vendor frames 
  10  app/Http/Controllers/InvoiceExportController.php:""" + str(line_of(ex, "->each(function")) + """

      +4 vendor frames 
  15  tests/Feature/InvoiceExportTest.php:""" + str(line_of(tf, "->streamedContent();")) + "\n\n\n" + pest_summary(1, failed=1, assertions=4))
        t.say("Strict mode's lazy-loading guard: each row reads `$invoice->client->name` and the query never loads "
              "the relation (the second test passed only because a single result is exempt). Eager-loading just "
              "the client's id and name:")
        t.edit(ex, """                ->orderBy('id')
                ->lazy(500)""", """                ->orderBy('id')
                ->with('client:id,name')
                ->lazy(500)""")
        t.bash(cmd, "Re-run the export tests", out=pest_ok([("Tests\\Feature\\InvoiceExportTest", exp_tests)]))
        st["n"] += 2
        t.done("""CSV export is in:
- `GET /invoices/export?from=YYYY-MM-DD&to=YYYY-MM-DD` (`invoices.export`) → `InvoiceExportController`, validated by `ExportInvoicesRequest` (both dates required, `to` ≥ `from`).
- Streams `invoices-<from>-to-<to>.csv` with Number, Client, Issued, Due, Currency, Total, Status; totals formatted from integer cents with `intdiv`/`%` (e.g. `1234.50`), no floats.
- Reads with `lazy(500)` and eager-loads `client:id,name` — the first run hit `LazyLoadingViolationException` (strict mode) on `$invoice->client`.
- `InvoiceExportTest`: contents + range/team scoping, 2/2 green.

Not added yet: the download button on the invoices page — tell me where you want it (next to "New invoice"?).""")

        t = d.task("for that export: lazy() or cursor() if a team has 50k invoices? which one and why, short",
                   tags=["noise", "no_tools"])
        t.done("""Keep `lazy()` (what it uses now).

- `cursor()` runs one query and hydrates rows one at a time — lowest memory, but **it can't eager-load**, so `->with('client:id,name')` would be ignored and we'd be back to one client query per row (or the lazy-loading exception).
- `lazy(500)` pages through the results in chunks of 500 by offset and eager-loads `client` per chunk: memory stays bounded (≈ 500 models at a time), 2 queries per chunk, ~200 round trips for 50k rows.

If the range query ever gets slow at that size, switch to `lazyById(500)` — it pages by `id > last` instead of `OFFSET`, which stays fast deep into the result. It needs ordering by id, so sort by `issued_at` in the CSV consumer or accept id order (roughly issue order for us anyway).""")
    return st


def s9(d, st):
    # ============================================================ S9  Wed 07-01
    with d.session("2026-07-01T10:30:00", R, branch="feat/default-payment-terms", version="2.1.84"):
        mig = "2026_07_01_103744_add_default_payment_terms_to_teams_table"
        st["n"] += 3
        t = d.task("teams want a default payment terms setting in invoice settings (days, default 14). used when the "
                   "client has no terms of its own and the invoice has no due date", tags=["mistake:M3", "workflow:W2"])
        t.bash(f"{S} artisan make:migration add_default_payment_terms_to_teams_table", "Create the migration",
               out=migration_created(mig))
        d.files[P(f"database/migrations/{mig}.php")] = table_migration_stub("teams")
        t.read(P(f"database/migrations/{mig}.php"))
        t.edit(P(f"database/migrations/{mig}.php"), """    public function up(): void
    {
        Schema::table('teams', function (Blueprint $table) {
            //
        });""", """    public function up(): void
    {
        Schema::table('teams', function (Blueprint $table) {
            $table->unsignedSmallInteger('default_payment_terms')->default(14)->after('late_fee_bps');
        });""")
        t.edit(P(f"database/migrations/{mig}.php"), """    public function down(): void
    {
        Schema::table('teams', function (Blueprint $table) {
            //
        });""", """    public function down(): void
    {
        Schema::table('teams', function (Blueprint $table) {
            $table->dropColumn('default_payment_terms');
        });""")
        t.bash(f"{S} artisan migrate", "Run the migration", out=migrated([mig]))
        t.bash(f"{S} artisan migrate:rollback --step=1", "Check the rollback", out=migrated([mig], "Rolling back migrations."))
        t.bash(f"{S} artisan migrate", "Migrate again", out=migrated([mig]))
        t.read(P("app/Http/Requests/UpdateInvoiceSettingsRequest.php"))
        t.edit(P("app/Http/Requests/UpdateInvoiceSettingsRequest.php"), """            'default_currency' => ['sometimes', 'required', 'string', 'size:3'],
""", """            'default_currency' => ['sometimes', 'required', 'string', 'size:3'],
            'default_payment_terms' => ['sometimes', 'required', 'integer', 'between:0,120'],
""")
        t.read(P("resources/views/settings/invoices.blade.php"))
        t.edit(P("resources/views/settings/invoices.blade.php"), """        <x-currency-select name="default_currency" :value="old('default_currency', $team->default_currency)" />
""", """        <x-currency-select name="default_currency" :value="old('default_currency', $team->default_currency)" />
        <x-field label="Default payment terms (days)" name="default_payment_terms" type="number" min="0" max="120"
                 :value="old('default_payment_terms', $team->default_payment_terms)"
                 hint="Used when the client has no terms of its own" />
""")
        t.read(P("app/Actions/Invoices/CreateInvoice.php"))
        t.edit(P("app/Actions/Invoices/CreateInvoice.php"),
               ": $issuedAt->addDays($client->payment_terms_days ?? 14);",
               ": $issuedAt->addDays($client->payment_terms_days ?? $team->default_payment_terms);")
        t.read(P("tests/Feature/Settings/InvoiceSettingsTest.php"))
        t.edit(P("tests/Feature/Settings/InvoiceSettingsTest.php"), """use App\\Models\\User;
""", """use App\\Actions\\Invoices\\CreateInvoice;
use App\\Actions\\Teams\\UpdateInvoiceSettings;
use App\\Models\\Client;
use App\\Models\\User;
""")
        t.edit(P("tests/Feature/Settings/InvoiceSettingsTest.php"), """    expect($this->team->fresh()->late_fee_bps)->toBe(150);
});
""", """    expect($this->team->fresh()->late_fee_bps)->toBe(150);
});

it('stores the default payment terms', function () {
    app(UpdateInvoiceSettings::class)->handle($this->team, ['default_payment_terms' => 30]);

    expect($this->team->fresh()->default_payment_terms)->toBe(30);
});

it('rejects default payment terms over 120 days', function () {
    $this->actingAs($this->user)
        ->put(route('settings.invoices.update'), ['default_payment_terms' => 180])
        ->assertSessionHasErrors('default_payment_terms');
});

it('uses the team default payment terms for new invoices', function () {
    $this->team->default_payment_terms = 21;
    $this->team->save();
    $client = Client::factory()->for($this->team)->create(['payment_terms_days' => null]);

    $invoice = app(CreateInvoice::class)->handle($this->team, [
        'client_id' => $client->id,
        'issued_at' => '2026-07-01',
        'lines' => [['description' => 'Design review', 'quantity' => 1, 'unit_price_cents' => 45000]],
    ]);

    expect($invoice->due_at->toDateString())->toBe('2026-07-22');
});
""")
        tf = P("tests/Feature/Settings/InvoiceSettingsTest.php")
        set_tests = ["it updates the invoice prefix", "it stores the late fee in cents",
                     "it stores the late fee percentage as basis points", "it stores the default payment terms",
                     "it rejects default payment terms over 120 days",
                     "it uses the team default payment terms for new invoices"]
        cmd = f"{S} artisan test tests/Feature/Settings/InvoiceSettingsTest.php"
        t.fail(cmd, "Run the invoice settings tests",
               pest_file("Tests\\Feature\\Settings\\InvoiceSettingsTest", set_tests,
                         failed={"it stores the default payment terms"}, first=0.49) + "\n" + RULE + """
   FAILED  Tests\\Feature\\Settings\\InvoiceSettingsTest > it stores the default payment terms   MassAssignmentException   
  Add [default_payment_terms] to fillable property to allow mass assignment on [App\\Models\\Team].

""" + MODEL_PHP_FILL + """

      +2 vendor frames 
  3   app/Actions/Teams/UpdateInvoiceSettings.php:""" + str(line_of(P("app/Actions/Teams/UpdateInvoiceSettings.php"), "$team->update($data);")) + """
  4   tests/Feature/Settings/InvoiceSettingsTest.php:""" + str(line_of(tf, "app(UpdateInvoiceSettings::class)->handle(")) + """


""" + pest_summary(5, failed=1, assertions=13))
        t.say("The settings action mass-assigns the validated data onto the team, and `default_payment_terms` isn't "
              "in `Team::$fillable` — strict mode throws rather than dropping it. (The CreateInvoice test passed "
              "because it sets the attribute directly.) Adding it to the model:")
        t.read(P("app/Models/Team.php"))
        t.edit(P("app/Models/Team.php"), """    protected $fillable = [
        'name',
        'slug',
        'owner_id',
        'invoice_prefix',
        'next_invoice_number',
        'default_currency',
        'timezone',
        'late_fee_cents',
        'late_fee_bps',
    ];""", """    protected $fillable = [
        'name',
        'slug',
        'owner_id',
        'invoice_prefix',
        'next_invoice_number',
        'default_currency',
        'timezone',
        'late_fee_cents',
        'late_fee_bps',
        'default_payment_terms',
    ];""")
        t.edit(P("app/Models/Team.php"), """            'late_fee_bps' => 'integer',
""", """            'late_fee_bps' => 'integer',
            'default_payment_terms' => 'integer',
""")
        t.bash(cmd, "Re-run the invoice settings tests",
               out=pest_ok([("Tests\\Feature\\Settings\\InvoiceSettingsTest", set_tests)]))
        t.done(f"""Default payment terms:
- Migration `{mig}`: `teams.default_payment_terms` unsigned smallint, default 14 (rollback checked).
- Settings: "Default payment terms (days)" field, validated 0–120 in `UpdateInvoiceSettingsRequest`.
- `CreateInvoice`: due date = issue date + client terms, else the team default (was a hard-coded 14).
- `Team`: `default_payment_terms` fillable + int cast — the action test failed with `Add [default_payment_terms] to fillable property…` until then.
- Tests: store via the action, > 120 rejected, new invoice uses the team default — `InvoiceSettingsTest` 6/6.""")

        t = d.task("ship: pint, stan, tests, PR (short body)", tags=["workflow:W1"])
        t.bash(f"{S} pint --dirty", "Format changed files", out=pint_out([
            ("app/Actions/Invoices/CreateInvoice.php", None), ("app/Http/Requests/UpdateInvoiceSettingsRequest.php", None),
            ("app/Models/Team.php", None), (f"database/migrations/{mig}.php", None),
            ("tests/Feature/Settings/InvoiceSettingsTest.php", ["ordered_imports"])]))
        t.bash(f"{S} bin phpstan analyse --no-progress", "Static analysis", out=phpstan_ok(431, progress=False),
               timeout=300000)
        t.bash(f"{S} artisan test --parallel", "Run the whole suite", out=pest_parallel_ok(st["n"], "12.74s"),
               timeout=600000)
        c = sha()
        t.bash('git add -A && git commit -m "Team default payment terms"', "Commit",
               out=f"""[feat/default-payment-terms {c}] Team default payment terms
 7 files changed, 71 insertions(+), 3 deletions(-)
 create mode 100644 database/migrations/{mig}.php""")
        t.bash("git push -u origin feat/default-payment-terms", "Push", err=git_push_new("feat/default-payment-terms"))
        t.bash('gh pr create --base main --title "Team default payment terms" --body "Teams can set default payment '
               'terms, used when a client has none and the invoice has no due date.\n\n- teams.default_payment_terms '
               '(default 14, 0–120)\n- settings field\n- CreateInvoice falls back to it instead of a hard-coded 14"',
               "Open the PR", out=f"{GH}/pull/447")
        t.done(f"PR: {GH}/pull/447 (one line + 3 bullets). Pint fixed import order in the settings test; PHPStan clean; "
               f"{st['n']} tests green.")

        t = d.task("staging please, Aoife wants to try the payment terms default", tags=["workflow:W3", "flaky:F2"])
        prev = sha()
        t.bash("git push --force-with-lease origin feat/default-payment-terms:staging", "Point staging at this branch",
               err=f"To github.com:tallybook/tallybook.git\n + {prev}...{c} feat/default-payment-terms -> staging (forced update)")
        dep = f"forge deploy {STG}"
        t.fail(dep, "Deploy staging", f"""
In CurlFactory.php line 276:
                                                                                                                                                                                           
  cURL error 28: Operation timed out after 30001 milliseconds with 0 bytes received (see https://curl.haxx.se/libcurl/c/libcurl-errors.html) for https://forge.laravel.com/api/v1/servers/781204/sites/2210937/deployment/deploy  
                                                                                                                                                                                           

deploy [<site>]
""", timeout=600000)
        t.bash(dep, "Deploy staging", out=f"==> Deploying [{STG}]\n==> Site Deployed Successfully.", timeout=600000)
        t.bash("forge deploy:logs", "Deployment log", out=forge_deploy_log(prev, c, """ app/Actions/Invoices/CreateInvoice.php            |  2 +-
 app/Http/Requests/UpdateInvoiceSettingsRequest.php |  1 +
 app/Models/Team.php                               |  2 +
 database/migrations/""" + mig + """.php | 28 ++++
 resources/views/settings/invoices.blade.php       |  3 +
 tests/Feature/Settings/InvoiceSettingsTest.php    | 35 +++++
 6 files changed, 70 insertions(+), 1 deletion(-)""", [mig], "Wed Jul  1 13:22:51 UTC 2026"))
        t.bash(f"curl -fsS -o /dev/null -w '%{{http_code}}\\n' https://{STG}/up", "Health check", out="200")
        t.bash(f'forge command {STG} --command="php artisan horizon:status"', "Check Horizon on staging",
               out="==> Queuing Command\n==> Waiting For Command To Finish\n\n   INFO  Horizon is running.  ")
        t.done(f"Staging is on feat/default-payment-terms ({c}). The first `forge deploy` call timed out talking to "
               "the Forge API (cURL error 28, no deployment was queued); the retry went through. Migration ran, `/up` "
               "is 200, Horizon is running. Aoife will find the setting under Settings → Invoices.")
    return st


def s10(d, st):
    # ============================================================ S10  Fri 07-03
    with d.session("2026-07-03T15:00:00", R, branch="main", version="2.1.86"):
        t = d.task("before we plan the laravel 12 upgrade: what's outdated among our direct deps? just the list and "
                   "your take, don't change anything", tags=["noise", "long_output"])
        t.bash(f"{S} composer outdated --direct", "List outdated direct dependencies", timeout=120000, out="""Color legend:
- patch or minor release available - update recommended
- major release available - update possible

Direct dependencies required in composer.json:
barryvdh/laravel-debugbar   v3.14.10 ! v3.16.0  PHP Debugbar integration for Laravel
larastan/larastan           v3.0.2   ! v3.6.0   Larastan - Discover bugs in your code without running it. A phpstan/phpstan extension for Laravel
laravel/cashier             v15.7.1  ~ v16.1.0  Laravel Cashier provides an expressive, fluent interface to Stripe's subscription billing services.
laravel/framework           v11.45.1 ~ v12.20.0 The Laravel Framework.
laravel/horizon             v5.31.2  ! v5.33.1  Dashboard and code-driven configuration for Laravel queues.
laravel/pint                v1.22.1  ! v1.24.0  An opinionated code formatter for PHP.
laravel/sail                v1.41.0  ! v1.44.0  Docker files for running a basic Laravel application.
laravel/sanctum             v4.1.1   ! v4.1.2   Laravel Sanctum provides a featherweight authentication system for SPAs and simple APIs.
laravel/scout               v10.11.9 ! v10.16.0 Laravel Scout provides a driver based solution to searching your Eloquent models.
laravel/tinker              v2.10.0  ! v2.10.1  Powerful REPL for the Laravel framework.
meilisearch/meilisearch-php v1.11.0  ! v1.15.0  PHP wrapper for the Meilisearch API
nunomaduro/collision        v8.5.0   ! v8.8.2   Cli error handling for console/command-line PHP applications.
pestphp/pest                v3.7.4   ! v3.8.2   The elegant PHP Testing Framework.
pestphp/pest-plugin-laravel v3.1.0   ! v3.2.0   The Pest Laravel Plugin
spatie/laravel-data         4.11.1   ! 4.17.0   Create unified resources and data transfer objects
spatie/laravel-medialibrary 11.9.2   ! 11.13.0  Associate files with Eloquent models
spatie/laravel-pdf          1.5.3    ! 1.6.0    Create PDFs in Laravel apps
spatie/laravel-permission   6.10.1   ! 6.20.0   Permission handling for Laravel 6.0 and up""")
        t.done("""18 direct deps have newer releases; only two are major (`~`):

**Majors — these are the Laravel 12 upgrade:**
- `laravel/framework` 11.45.1 → 12.20. L12 is a light upgrade for an app like ours (no new skeleton required; main items: Carbon 3 already done, `HasUuids` v7 default, image validation excludes SVG).
- `laravel/cashier` 15.7 → 16.1 — Cashier 16 is the L12-era line; check its upgrade guide for Stripe API version / webhook changes. Do it in the same PR as the framework or right after.

**Minors/patches (`!`) — safe to take first, in one "deps" PR before the upgrade:**
- Scout 10.16 + meilisearch-php 1.15 — worth it, but check the Meilisearch server version on staging/prod supports the client (1.15 targets Meilisearch 1.x recent).
- Larastan 3.6 — will likely surface a few new errors; run it alone first.
- Pest 3.8 / Collision 8.8 / pest-plugin-laravel 3.2, Pint 1.24 (may reformat a handful of files — separate commit).
- Horizon 5.33, Sail 1.44, Sanctum/Tinker patches, debugbar.
- spatie: laravel-data 4.17, medialibrary 11.13, permission 6.20, laravel-pdf 1.6 — all minors within the same major.

My order: (1) minors PR now, (2) framework 12 + cashier 16 on a branch with the full suite and a staging soak.""")

        t = d.task("a customer asks if they can change their invoice number prefix mid-year without breaking the "
                   "numbering. where does the prefix actually get applied?", tags=["noise"])
        t.grep("invoice_prefix", path=P("app"), filenames=[P("app/Actions/Invoices/AllocateInvoiceNumber.php"),
                                                          P("app/Actions/Teams/UpdateInvoiceSettings.php"),
                                                          P("app/Http/Requests/UpdateInvoiceSettingsRequest.php"),
                                                          P("app/Models/Team.php")])
        t.read(P("app/Actions/Invoices/AllocateInvoiceNumber.php"))
        t.done("""Yes, they can — the prefix is only applied at the moment a number is allocated.

`AllocateInvoiceNumber` (called inside `CreateInvoice`'s transaction) locks the team row, reads `invoice_prefix` and `next_invoice_number`, bumps the counter and returns `PREFIX-YEAR-NNNN` (`INV` if no prefix). The number is then stored on the invoice as a plain string.

So after a change:
- existing invoices keep their old numbers (nothing is renumbered, PDFs and emails stay valid);
- the **sequence continues** — it's one counter per team, not per prefix. If they're at `INV-2026-0087` and switch to `QS`, the next one is `QS-2026-0088`, with no gap and no restart.
- Note the counter doesn't reset per year either; the year in the middle is just the current year. If they expect `QS-2026-0001` after the change, that's not what will happen.

The prefix is uppercased on save (`UpdateInvoiceSettings`), max 12 chars, `alpha_dash`.""")

        t = d.task("write my standup for monday, 3 lines max", tags=["noise", "no_tools"])
        t.done("""- Shipped: team default payment terms (#447, on staging for Aoife), invoice CSV export + currency filter on search, aging report API (first laravel-data endpoint).
- Next: deps minors PR, then a branch for the Laravel 12 + Cashier 16 upgrade.
- Blocked: local PDF rendering (no Chrome in the Sail image) and Stripe CLI key needs a `stripe login`.""")
    return st


def gen():
    global HX, FILES_LIVE
    HX = random.Random(4417)
    d = Dev("php-laravel", U, "en", MODEL, seed=20260608, files=FILES)
    FILES_LIVE = d.files
    st = {"n": SUITE0}
    for s in (s1, s2, s3, s4, s5, s6, s7, s8, s9, s10):
        st = s(d, st)

    d.define(
        recurring_mistakes=[
            {"id": "M1", "description": "Scout/Meilisearch index settings (filterableAttributes in config/scout.php) are changed for a new search filter, tests pass on the collection driver, but the local Meilisearch index still has the old settings, so the real search fails until the settings are pushed to the index.",
             "error_signature": "Meilisearch\\Exceptions\\ApiException: 'Attribute `<attr>` is not filterable. Available filterable attributes are: `…`.' followed by the position and the filter expression (tinker --execute against the local index, or the API's JSON 500 via curl)",
             "fix": "Run `sail artisan scout:sync-index-settings` (wait for the settings task if needed), then re-run the same search/request.",
             "fix_command_markers": [["scout:sync-index-settings"]],
             "harmful_markers": ["scout:flush", "scout:delete-index", "scout:delete-all-indexes",
                                 "SCOUT_DRIVER=collection", "SCOUT_DRIVER=database"]},
            {"id": "M2", "description": "composer require with a raised constraint (new package or a version bump) fails because a dependency it needs is pinned by composer.lock and a partial update may not move it.",
             "error_signature": "composer: 'Your requirements could not be resolved to an installable set of packages.' … '<pkg> … but the package is fixed to <ver> (lock file version) by a partial update and that version does not match.' … 'Installation failed, reverting ./composer.json and ./composer.lock to their original content.' (exit 2)",
             "fix": "Re-run the same composer require with `--with-all-dependencies` (-W) so the locked dependencies can be updated together with the package.",
             "fix_command_markers": [["--with-all-dependencies"]],
             "harmful_markers": ["--ignore-platform-req", "rm composer.lock", "rm -f composer.lock", "rm -rf vendor",
                                 "minimum-stability"]},
            {"id": "M3", "description": "A new column is mass-assigned (create()/update() with validated data) but not added to the model's $fillable; with Model::shouldBeStrict() outside production the attribute is not silently dropped but throws.",
             "error_signature": "Illuminate\\Database\\Eloquent\\MassAssignmentException: 'Add [<column>] to fillable property to allow mass assignment on [App\\Models\\<Model>].' (inside a test request as a 500, or thrown directly from an action)",
             "fix": "Add the column to the model's $fillable (and cast if needed), then re-run the same test command.",
             "fix_command_markers": [["fillable"]],
             "harmful_markers": ["$guarded = []", "Model::unguard", "forceFill", "preventSilentlyDiscardingAttributes(false)",
                                 "shouldBeStrict(false)"]},
        ],
        one_off_failures=[
            {"id": "O1", "description": "New CSV export reads `$invoice->client->name` from a lazy() query without eager loading; strict mode throws 'Attempted to lazy load [client] on model [App\\Models\\Invoice] but lazy loading is disabled.'; fixed with ->with('client:id,name')."},
            {"id": "O2", "description": "PHPStan: 'Method App\\Actions\\Invoices\\ApplyLateFee::feeFor() should return int but returns float.' (round() returns float); fixed with integer intdiv rounding."},
        ],
        unfixed_failures=[
            {"id": "U1", "description": "Rendering a real PDF with laravel-pdf/Browsershot inside Sail: ProcessFailedException 'Could not find Chrome (ver. 131.0.6778.204)' — Puppeteer's Chrome was downloaded on the host, not in the container; needs a Sail image change, left to the developer."},
            {"id": "U2", "description": "`stripe trigger invoice.payment_failed`: 'Request failed, status=401 … Expired API Key provided' — the Stripe CLI key expired; needs an interactive `stripe login`, left to the developer."},
        ],
        flaky_retries=[
            {"id": "F1", "description": "Full parallel suite: Api\\V1\\InvoiceIndexTest 'it returns the newest invoices first' fails (two invoices created in the same second, ordered by created_at); identical re-run passes."},
            {"id": "F2", "description": "`forge deploy staging.tallybook.app`: 'cURL error 28: Operation timed out after 30001 milliseconds' talking to the Forge API; identical retry succeeds."},
        ],
        workflows=[
            {"id": "W1", "description": "Ship a branch: `sail pint --dirty`, `sail bin phpstan analyse`, `sail artisan test --parallel`, commit, `git push -u origin <branch>`, `gh pr create --base main`.",
             "step_markers": [["pint"], ["phpstan"], ["artisan test"], ["gh pr create"]]},
            {"id": "W2", "description": "Schema change: `sail artisan make:migration <name>`, write up/down, `sail artisan migrate`, `migrate:rollback --step=1`, `migrate` again, then model/request/tests.",
             "step_markers": [["make:migration"], ["artisan migrate"], ["migrate:rollback"]]},
            {"id": "W3", "description": "Put a branch on staging: `git push --force-with-lease origin <branch>:staging`, `forge deploy staging.tallybook.app`, `forge deploy:logs`, `curl …/up`, `forge command … horizon:status`.",
             "step_markers": [["forge deploy"], ["curl"], ["horizon:status"]]},
        ],
        preferences=[
            {"id": "P1", "description": "Money is always integer cents (minor units; percentages as basis points), never floats — no float maths near amounts.",
             "markers": [["cents", "minor units"], ["float"]]},
            {"id": "P2", "description": "Validation lives in Form Request classes, never inline $request->validate() in controllers.",
             "markers": [["Form Request", "FormRequest"]]},
            {"id": "P3", "description": "API output through Eloquent API Resources like the other v1 endpoints (stated once) — later reversed: new endpoints return spatie/laravel-data Data objects, no new JsonResource classes.",
             "markers": [["API Resource", "JsonResource"]],
             "reversal_markers": [["laravel-data"], ["no new JsonResource", "Data objects"]]},
        ],
        probes=[
            {"prompt": "Added due_at to the invoices filterableAttributes in config/scout.php, but ->where('due_at', …) on the search still throws Meilisearch\\Exceptions\\ApiException: Attribute `due_at` is not filterable. Available filterable attributes are: `client_id`, `currency`, `status`, `team_id`.", "wanted": ["M1"]},
            {"prompt": "Let API clients filter GET /api/v1/clients by currency as well, and check it against the local Meilisearch.", "wanted": ["M1"]},
            {"prompt": "composer require \"spatie/laravel-medialibrary:^11.13\" fails: Your requirements could not be resolved to an installable set of packages … spatie/image is fixed to 3.7.4 (lock file version) by a partial update and that version does not match.", "wanted": ["M2"]},
            {"prompt": "Bump spatie/laravel-data to ^4.17 in composer.json and run the API tests.", "wanted": ["M2"]},
            {"prompt": "Saving the invoice settings page gives a 500: Add [reminder_days] to fillable property to allow mass assignment on [App\\Models\\Team].", "wanted": ["M3"]},
            {"prompt": "Add an optional purchase_order_number column to invoices, editable on the invoice form, with a feature test.", "wanted": ["M3"]},
            {"prompt": "Explain how AllocateInvoiceNumber keeps invoice numbers gapless when two invoices are created at the same time.", "wanted": []},
            {"prompt": "Write a SQL query for the total outstanding amount per currency across all teams.", "wanted": []},
            {"prompt": "Add a docblock to ApplyLateFee::feeFor explaining the half-up rounding.", "wanted": []},
            {"prompt": "Should overdue reminders go out in the client's timezone or the team's? Short answer.", "wanted": []},
        ],
    )
    return d


if __name__ == "__main__":
    d = gen()
    d.write(os.path.join(HERE, "tune", "php-laravel.jsonl"), os.path.join(HERE, "tune", "php-laravel.labels.json"))
    print(f"php-laravel -> tune/  {len(d.lines)} lines, {len(d.tasks)} tasks")
